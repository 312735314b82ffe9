// The floor the server bench compares against: a bare Fastify server (no plugins, hooks, schema or
// logger) answering GET / with the JSON body in the file named by FLOOR_BODY_FILE, serialised per
// request as Fastify does by default. Prints its address on the first line of stdout.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = JSON.parse(readFileSync(process.env.FLOOR_BODY_FILE!, 'utf8')) as unknown;
const app = Fastify();
app.get('/', async () => body);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(url);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

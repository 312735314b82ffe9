// npm start: build the client when it is missing or older than its sources, then serve everything.
import { buildClient, clientBuildIsStale } from './client-build.ts';

if (clientBuildIsStale()) buildClient('missing or older than its sources');
await import('../src/server/server.ts');

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop, timedGet } from '/work/wt-lean/bench/bench-lib.ts';
import { startWikimediaFake } from '/work/wt-lean/tests/fakes/wikimedia-fake.ts';
import { ONE_ADDRESS_LOAD_ENV } from '/work/wt-lean/tests/support/soak.ts';
const fake = await startWikimediaFake();
const target = process.argv[2] ?? 'search';
const child = spawn(process.execPath, ['--import', '/tmp/prof-preload.mjs', 'src/server/server.ts'], {
  cwd: '/work/wt-lean',
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ADMIN_PASSWORD: 'bench-admin-password', SHUTDOWN_DRAIN_SECONDS: '0',
    COMMONS_API_URL: fake.commonsApiUrl, WIKIDATA_API_URL: fake.wikidataApiUrl, ...ONE_ADDRESS_LOAD_ENV,
    PROF_OUT: `/tmp/prof-${target}-${process.argv[3] ?? 'x'}.cpuprofile`, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-prof-')) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => {
  let buf = '';
  child.stdout!.on('data', (c: Buffer) => { buf += c; const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buf); if (m) resolve(m[1]!); });
});
const u = target === 'health' ? `${url}/api/health` : `${url}/api/search?q=google&fileType=svg`;
await timedGet(u);
await closedLoop(u, 2, 64);
child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 300));
console.log(await closedLoop(u, 8, 64));
child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 1500));
child.kill('SIGINT');
await new Promise((r) => child.on('exit', r));
await fake.close();

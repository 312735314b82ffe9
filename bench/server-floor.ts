import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/client-build.ts';
import { closedLoop, ms, openLoop, type LoadResult, type Row } from './bench-lib.ts';

/** A bare Fastify server (bench/floor-server.ts) answering `body`; stop() ends it. */
async function startFloorServer(body: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-floor-'));
  const bodyFile = path.join(dir, 'body.json');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [path.join(root, 'bench/floor-server.ts')], {
    env: { ...process.env, FLOOR_BODY_FILE: bodyFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return {
    url: `${url}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).finally(() => rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * Warm /api/search against what the stack can do on this machine right now: a bare Fastify server
 * answering the same JSON body, measured in the same run with the same load generator, so the
 * ratio holds however busy the machine is. The two are measured alternately (app, floor, app,
 * floor) and each keeps its better round (throughput, then p99), so a burst of other work hurts
 * neither alone.
 */
export async function serverFloorRows(searchUrl: string): Promise<Row[]> {
  const body = await (await fetch(searchUrl)).text();
  const floor = await startFloorServer(body);
  try {
    const best = (a: LoadResult, b: LoadResult) => (b.rps > a.rps ? b : a);
    await closedLoop(searchUrl, 1, 64); // warm-up
    await closedLoop(floor.url, 1, 64);
    let app = await closedLoop(searchUrl, 5, 64);
    let bare = await closedLoop(floor.url, 5, 64);
    app = best(app, await closedLoop(searchUrl, 5, 64));
    bare = best(bare, await closedLoop(floor.url, 5, 64));
    const ratio = app.rps / bare.rps;
    const calmer = (a: LoadResult, b: LoadResult) => (b.p99 < a.p99 ? b : a);
    let appOffered = await openLoop(searchUrl, 5, 1000);
    let bareOffered = await openLoop(floor.url, 5, 1000);
    appOffered = calmer(appOffered, await openLoop(searchUrl, 5, 1000));
    bareOffered = calmer(bareOffered, await openLoop(floor.url, 5, 1000));
    const kb = `${(Buffer.byteLength(body) / 1024).toFixed(1)} KB`;
    return [
      {
        figure: 'warm /api/search max throughput (64 conn)',
        value: `${Math.round(app.rps)} req/s`,
        budget: 'reported',
        pass: null,
      },
      {
        figure: `bare Fastify, same-sized JSON (${kb}), max throughput (64 conn)`,
        value: `${Math.round(bare.rps)} req/s`,
        budget: 'reported',
        pass: null,
      },
      {
        figure: 'warm /api/search throughput as a share of bare Fastify',
        value: `${Math.round(ratio * 100)}%`,
        budget: '≥ 50%',
        pass: ratio >= 0.5,
      },
      {
        figure: 'bare Fastify, same-sized JSON: p99 at 1,000 req/s offered',
        value: ms(bareOffered.p99),
        budget: 'reported',
        pass: null,
      },
      {
        figure: 'warm /api/search: p99 at 1,000 req/s offered',
        value: `${ms(appOffered.p99)} (${(appOffered.p99 / bareOffered.p99).toFixed(1)}× floor)`,
        budget: '≤ 2× floor',
        pass: appOffered.p99 <= 2 * bareOffered.p99,
      },
    ];
  } finally {
    await floor.stop();
  }
}

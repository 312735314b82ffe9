import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/client-build.ts';
import { closedLoop, ms, openLoop, type LoadResult, type Row } from './bench-lib.ts';

/** Rounds of the p99 comparison, each the app and the floor back to back (odd: one median). */
const P99_PAIRS = 5;

/** The middle value (of an odd count). */
function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

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
 * ratio holds however busy the machine is. Throughput: measured alternately (app, floor, app,
 * floor), each keeping its better round, so a burst of other work hurts neither alone. p99: the
 * median of paired rounds' ratios (below).
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
    // p99 at 1,000 req/s offered: a 2-core machine's bursts of other work decide a single 5 s
    // round (one run read 0.9×, the next 3.2× on the same code), so the two are measured in
    // P99_PAIRS back-to-back pairs, the order swapped each pair, and judged on the median of the
    // pairs' ratios; every pair is printed. Not the best round of each: a burst that hit only the
    // floor's round must not make the app look slow, nor one that hit only the app's hide a cost.
    const pairs: { app: LoadResult; bare: LoadResult }[] = [];
    for (let i = 0; i < P99_PAIRS; i++) {
      if (i % 2 === 0) {
        const app = await openLoop(searchUrl, 5, 1000);
        pairs.push({ app, bare: await openLoop(floor.url, 5, 1000) });
      } else {
        const bare = await openLoop(floor.url, 5, 1000);
        pairs.push({ app: await openLoop(searchUrl, 5, 1000), bare });
      }
    }
    const ratios = pairs.map((pair) => pair.app.p99 / pair.bare.p99);
    const medianPair = pairs[ratios.indexOf(median(ratios))]!;
    const p99Ratio = median(ratios);
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
        figure: `bare Fastify, same-sized JSON: p99 at 1,000 req/s offered (the median pair of ${P99_PAIRS})`,
        value: ms(medianPair.bare.p99),
        budget: 'reported',
        pass: null,
      },
      {
        figure: `warm /api/search: p99 at 1,000 req/s offered, median of ${P99_PAIRS} pairs' ratios (every pair: search / floor)`,
        value: `${ms(medianPair.app.p99)} (${p99Ratio.toFixed(1)}× floor; ${pairs.map((pair) => `${pair.app.p99.toFixed(1)}/${pair.bare.p99.toFixed(1)}`).join(', ')} ms)`,
        budget: '≤ 2× floor',
        pass: p99Ratio <= 2,
      },
    ];
  } finally {
    await floor.stop();
  }
}

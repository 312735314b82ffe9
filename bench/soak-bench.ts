// Soak rows of `npm run bench`: the real server as a child process (embedded PGlite in a temporary
// DATA_DIR, the Wikimedia stand-in upstream) under 60 s of the soak driver's mixed load
// (tests/support/soak.ts: 200 virtual users searching, signing in, tracking downloads and reading
// history, no think time) after a 20 s warm-up of the same load, its resident memory read from
// /proc/<pid>/status every second, and what it still holds after a full garbage collection
// (bench/heap-probe.ts) when idle before and after the measured load. The samples and the
// per-route figures are written to bench-results/soak.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/client-build.ts';
import { startWikimediaFake } from '../tests/fakes/wikimedia-fake.ts';
import { ms, startBenchServer, type Row } from './bench-lib.ts';
import { runSoak, ONE_ADDRESS_LOAD_ENV } from '../tests/support/soak.ts';

const USERS = Number(process.env.BENCH_SOAK_USERS ?? 200);
const DURATION_MS = Number(process.env.BENCH_SOAK_SECONDS ?? 60) * 1000;
/**
 * Growth of the memory held after a full GC (V8 heap in use + external, incl. PGlite's WebAssembly
 * heap), read idle after the warm-up and idle after the load, per minute of load. Read idle
 * because in-flight requests swing it under load; RSS is reported but not judged because it grows
 * in one-off allocator steps that plateau and would look like a leak.
 */
const GROWTH_BUDGET_MB_PER_MIN = 5;
/** Long enough for the users' last requests and keep-alive connections to finish. */
const IDLE_MS = 10_000;
/**
 * Longer than the gaps between V8's collections under this load (up to ~8 s): a window with no
 * collection has no floor and reads high.
 */
const FLOOR_WINDOW_S = 10;
/** Unmeasured load first: V8 grows its heap to a working size early on, which is not a leak. */
const WARMUP_MS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 20) * 1000;
/**
 * Resident memory of an idle server started as `npm start` starts it
 * (docs/decisions/039-light-embedded-default.md): on the embedded database after start and after
 * the soak, and on PostgreSQL after start.
 */
const IDLE_RSS_BUDGET_MB = { pglite: 250, postgres: 150 };
/** After one search and this long without requests, the server counts as idle. */
const SETTLE_MS = 3000;

/** The process's resident set size in MB (VmRSS), or null once it has gone. */
function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

export async function soakBenchRows(): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-soak-'));
  const fake = await startWikimediaFake();
  const seconds = DURATION_MS / 1000;
  const rows: Row[] = [];
  try {
    const server = await startBenchServer(
      {
        COMMONS_API_URL: fake.commonsApiUrl,
        WIKIDATA_API_URL: fake.wikidataApiUrl,
        ...ONE_ADDRESS_LOAD_ENV,
        DATA_DIR: dataDir,
      },
      { probeHeap: true, asNpmStart: true },
    );
    const samples: { t: number; mb: number }[] = [];
    try {
      // Idle baseline: started, migrated, one search answered, a few seconds to settle.
      await fetch(`${server.url}/api/search?q=google`).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const startMb = rssMb(server.pid)!;
      if (WARMUP_MS > 0)
        await runSoak({ baseUrl: server.url, users: USERS, durationMs: WARMUP_MS });
      const warmMb = rssMb(server.pid)!;
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const heldBefore = await server.heldMemory();
      const load = await runSoak({
        baseUrl: server.url,
        users: USERS,
        durationMs: DURATION_MS,
        // Every second of the load (after the driver has registered its accounts).
        onTick: (elapsedMs) => {
          const mb = rssMb(server.pid);
          if (mb !== null) samples.push({ t: elapsedMs / 1000, mb });
        },
      });
      const endMb = rssMb(server.pid) ?? samples.at(-1)!.mb;
      // And once the load has stopped: does the memory come back down?
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idleMb = rssMb(server.pid) ?? NaN;
      const heldAfter = await server.heldMemory();
      const heldMbPerMin = ((heldAfter.totalMb - heldBefore.totalMb) / seconds) * 60;
      const peakMb = Math.max(startMb, endMb, ...samples.map((s) => s.mb));
      const secondHalf = samples.filter((s) => s.t >= seconds / 2 && s.t <= seconds);
      const mbPerMin = slope(secondHalf.map((s) => ({ x: s.t, y: s.mb }))) * 60;
      const floors = new Map<number, { x: number; y: number }>();
      for (const s of secondHalf) {
        const window = Math.floor(s.t / FLOOR_WINDOW_S);
        const floor = floors.get(window);
        if (!floor || s.mb < floor.y) floors.set(window, { x: s.t, y: s.mb });
      }
      const floorMbPerMin = slope([...floors.values()]) * 60;

      mkdirSync(path.join(root, 'bench-results'), { recursive: true });
      writeFileSync(
        path.join(root, 'bench-results/soak.json'),
        JSON.stringify(
          {
            users: USERS,
            seconds,
            warmupSeconds: WARMUP_MS / 1000,
            startMb,
            warmMb,
            peakMb,
            endMb,
            idleMb,
            mbPerMin,
            floorMbPerMin,
            heldBefore,
            heldAfter,
            heldMbPerMin,
            floors: [...floors.values()],
            samples,
            load,
          },
          null,
          2,
        ),
      );

      const mb = (v: number) => `${v.toFixed(0)} MB`;
      const perMin = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)} MB/min`;
      const of = `${USERS} virtual users, ${seconds} s`;
      rows.push(
        {
          figure: 'idle RSS after start (PGlite)',
          value: mb(startMb),
          budget: `≤ ${IDLE_RSS_BUDGET_MB.pglite} MB`,
          pass: startMb <= IDLE_RSS_BUDGET_MB.pglite,
        },
        {
          figure: `idle RSS after the soak (PGlite), ${IDLE_MS / 1000} s after the load`,
          value: mb(idleMb),
          budget: `≤ ${IDLE_RSS_BUDGET_MB.pglite} MB`,
          pass: idleMb <= IDLE_RSS_BUDGET_MB.pglite,
        },
        {
          figure: `Soak (${of}): server RSS idle before / after ${WARMUP_MS / 1000} s warm-up / peak / end / 10 s after`,
          value: `${mb(startMb)} / ${mb(warmMb)} / ${mb(peakMb)} / ${mb(endMb)} / ${mb(idleMb)}`,
          budget: 'reported',
          pass: null,
        },
        {
          figure: `Soak (${of}): RSS trend, second half, fit over every 1 s sample`,
          value: perMin(mbPerMin),
          budget: 'reported',
          pass: null,
        },
        {
          figure: `Soak (${of}): RSS floor trend, second half (lowest sample per ${FLOOR_WINDOW_S} s)`,
          value: perMin(floorMbPerMin),
          budget: 'reported',
          pass: null,
        },
        {
          figure: `Soak (${of}): memory held after a full GC (heap + external), idle before / after the load`,
          value: `${heldBefore.totalMb.toFixed(1)} MB / ${heldAfter.totalMb.toFixed(1)} MB (heap ${heldBefore.heapUsedMb.toFixed(1)} → ${heldAfter.heapUsedMb.toFixed(1)} MB)`,
          budget: 'reported',
          pass: null,
        },
        {
          figure: `Soak (${of}): held memory left behind per minute of load`,
          value: perMin(heldMbPerMin),
          budget: `stable: < ${GROWTH_BUDGET_MB_PER_MIN} MB/min`,
          pass: Number.isFinite(heldMbPerMin) && heldMbPerMin < GROWTH_BUDGET_MB_PER_MIN,
        },
        {
          figure: `Soak (${of}): requests answered`,
          value: `${load.requests} (${Math.round(load.requestsPerSecond)} req/s; intended: ${load.intended.quota403} × 403 quota, ${load.intended.rateLimited429} × 429)`,
          budget: 'reported',
          pass: null,
        },
      );
      for (const [route, stats] of Object.entries(load.routes)) {
        if (stats.count === 0) continue;
        const codes = Object.entries(stats.statuses)
          .map(([code, count]) => `${code}×${count}`)
          .join(' ');
        rows.push({
          figure: `Soak: ${route} p50 / p99 (${codes})`,
          value: `${ms(stats.p50)} / ${ms(stats.p99)}`,
          budget: 'reported',
          pass: null,
        });
      }
      const first = load.unexpected.samples[0];
      rows.push({
        figure: `Soak (${of}): unexpected errors (anything but 2xx, 403 quota, 429)`,
        value: `${load.unexpected.count}${first ? `: ${first.route} ${first.status} ${first.body.slice(0, 100)}` : ''}`,
        budget: '0',
        pass: load.unexpected.count === 0,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * The same idle reading on PostgreSQL: the server started as `npm start` starts it with
 * DATABASE_URL set to BENCH_DATABASE_URL, else TEST_DATABASE_URL; without either, not run.
 */
export async function postgresIdleRssRow(): Promise<Row> {
  const figure = 'idle RSS after start (PostgreSQL)';
  const budget = `≤ ${IDLE_RSS_BUDGET_MB.postgres} MB`;
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    return {
      figure,
      value: 'no PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
      budget,
      pass: 'not run',
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-idle-'));
  const fake = await startWikimediaFake();
  try {
    const server = await startBenchServer(
      {
        COMMONS_API_URL: fake.commonsApiUrl,
        WIKIDATA_API_URL: fake.wikidataApiUrl,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
      },
      { asNpmStart: true },
    );
    try {
      await fetch(`${server.url}/api/search?q=google`).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const mb = rssMb(server.pid)!;
      return {
        figure,
        value: `${mb.toFixed(0)} MB`,
        budget,
        pass: mb <= IDLE_RSS_BUDGET_MB.postgres,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

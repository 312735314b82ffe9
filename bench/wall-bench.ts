// The wall section of `npm run bench`: POST /api/wall/resolve for 50 real company names on the
// real server, every name with its whole upstream chain in the Wikimedia stand-in (a Wikidata item
// with its logo, the Commons file facts, a Commons search: tests/fakes/wikimedia-catalogue.ts),
// the stand-in answering each request after 200 ms. Cold (nothing cached or remembered), then the
// same wall again (docs/decisions/046-logo-wall-resolve.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WallResolveResponseSchema } from '../src/shared/wall/wall.schemas.ts';
import { WALL_BENCH_NAMES } from '../tests/fakes/wikimedia-catalogue.ts';
import { startWikimediaFake } from '../tests/fakes/wikimedia-fake.ts';
import { ONE_ADDRESS_LOAD_ENV } from '../tests/support/soak.ts';
import { ms, startBenchServer, type Row } from './bench-lib.ts';

const UPSTREAM_LATENCY_MS = 200;
const COLD_BUDGET_MS = 4_000;
const WARM_BUDGET_MS = 300;
const MAX_IN_FLIGHT = 4;

export async function wallBenchRows(): Promise<Row[]> {
  const fake = await startWikimediaFake();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-wall-'));
  const server = await startBenchServer({
    COMMONS_API_URL: fake.commonsApiUrl,
    WIKIDATA_API_URL: fake.wikidataApiUrl,
    ...ONE_ADDRESS_LOAD_ENV,
    DATA_DIR: dataDir,
  });
  // The server's CPU time (user + system, /proc/<pid>/stat), to tell its own work from waiting on
  // upstream or on a busy machine.
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const wall = async (names: string[]) => {
    fake.resetRequests();
    const cpuBefore = cpuMs();
    const started = performance.now();
    const res = await fetch(`${server.url}/api/wall/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ names }),
    });
    if (!res.ok) throw new Error(`wall: status ${res.status}: ${await res.text()}`);
    const { results } = WallResolveResponseSchema.parse(await res.json());
    return {
      ms: performance.now() - started,
      cpuMs: cpuMs() - cpuBefore,
      upstream: fake.requests().length,
      inFlight: fake.maxInFlight(),
      official: results.filter((r) => r.logo?.official).length,
    };
  };
  try {
    fake.setLatency(UPSTREAM_LATENCY_MS);
    await wall(['warmup-run']); // the first request's one-off costs (JIT, database) are not a wall's
    const cold = await wall(WALL_BENCH_NAMES);
    const warm = await wall(WALL_BENCH_NAMES);
    const figure = `logo wall, ${WALL_BENCH_NAMES.length} real names, upstream at ${UPSTREAM_LATENCY_MS} ms`;
    const facts = (run: typeof cold) =>
      `${ms(run.ms)} (${run.upstream} upstream, ${run.inFlight} at most in flight, ${run.official} official logos, server CPU ${Math.round(run.cpuMs)} ms)`;
    return [
      {
        figure: `${figure}: uncached`,
        value: facts(cold),
        budget: `≤ ${COLD_BUDGET_MS} ms, ≤ ${MAX_IN_FLIGHT} in flight`,
        pass:
          cold.ms <= COLD_BUDGET_MS &&
          cold.inFlight <= MAX_IN_FLIGHT &&
          cold.official === WALL_BENCH_NAMES.length,
      },
      {
        figure: `${figure}: the same wall again, cached`,
        value: facts(warm),
        budget: `≤ ${WARM_BUDGET_MS} ms, 0 upstream`,
        pass: warm.ms <= WARM_BUDGET_MS && warm.upstream === 0,
      },
    ];
  } finally {
    await server.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// npm run bench: figures measured on this machine, each with its budget. It reports; it never
// fails a test run. Each section starts what it needs (the real server, the Wikimedia stand-in).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildClient, clientBuildIsStale, root } from '../scripts/client-build.ts';
import { startWikimediaFake } from '../tests/fakes/wikimedia-fake.ts';
import {
  closedLoop,
  ms,
  openLoop,
  printTable,
  startBenchServer,
  timedGet,
  type Row,
} from './bench-lib.ts';

const rows: Row[] = [];
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-'));
  dataDirs.push(dir);
  return dir;
};

// --- Home route's initial JavaScript (what the browser fetches before the page works), gzip.
if (clientBuildIsStale()) buildClient('missing or older than its sources');
const clientDir = path.join(root, 'dist/client');
const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const initialScripts = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]!);
const gzipBytes = initialScripts.reduce(
  (sum, src) => sum + gzipSync(readFileSync(path.join(clientDir, src))).length,
  0,
);
rows.push({
  figure: `Home route's initial JavaScript, gzip (${initialScripts.length} files)`,
  value: `${(gzipBytes / 1024).toFixed(1)} KB`,
  budget: '≤ 150 KB',
  pass: gzipBytes <= 150 * 1024,
});

const fake = await startWikimediaFake();
// The bench measures speed, not the per-address rate limit that would otherwise stop it.
const serverEnv = {
  COMMONS_API_URL: fake.commonsApiUrl,
  WIKIDATA_API_URL: fake.wikidataApiUrl,
  RATE_LIMIT_PER_MINUTE: '10000000',
};
try {
  // --- Warm cache: every answer comes from the search cache.
  const warm = await startBenchServer({ ...serverEnv, DATA_DIR: freshDataDir() });
  try {
    const searchUrl = `${warm.url}/api/search?q=google&fileType=svg`;
    await timedGet(searchUrl);
    await closedLoop(`${warm.url}/api/health`, 1, 64); // warm-up
    const health = await closedLoop(`${warm.url}/api/health`, 5, 64);
    rows.push({
      figure: '/api/health, 64 connections: throughput',
      value: `${Math.round(health.rps)} req/s`,
      budget: 'reported',
      pass: null,
    });
    await closedLoop(searchUrl, 1, 64); // warm-up
    const max = await closedLoop(searchUrl, 5, 64);
    rows.push({
      figure: '/api/search, warm cache, 64 connections: max throughput',
      value: `${Math.round(max.rps)} req/s`,
      budget: 'reported',
      pass: null,
    });
    rows.push({
      figure: '/api/search, warm cache, 64 connections: p50 / p99',
      value: `${ms(max.p50)} / ${ms(max.p99)}`,
      budget: 'reported',
      pass: null,
    });
    const offered = await openLoop(searchUrl, 5, 1000);
    rows.push({
      figure: '/api/search, warm cache, 1,000 req/s offered: p50 / p99',
      value: `${ms(offered.p50)} / ${ms(offered.p99)}`,
      budget: 'p99 ≤ 20 ms',
      pass: offered.p99 <= 20,
    });
  } finally {
    await warm.stop();
  }

  // --- Cold searches against an upstream that takes 200 ms: what does the server add?
  fake.setLatency(200);
  const cold = await startBenchServer({
    ...serverEnv,
    LOGO_SOURCES: 'commons,simple-icons',
    DATA_DIR: freshDataDir(),
  });
  try {
    await timedGet(`${cold.url}/api/search?q=warmup-run`);
    const overheads: number[] = [];
    for (let i = 0; i < 20; i++)
      overheads.push((await timedGet(`${cold.url}/api/search?q=coldbench${i}`)) - 200);
    overheads.sort((a, b) => a - b);
    const median = overheads[Math.floor(overheads.length / 2)]!;
    rows.push({
      figure:
        '/api/search, cold, upstream at 200 ms: server overhead above upstream (median of 20)',
      value: ms(median),
      budget: '≤ 10 ms',
      pass: median <= 10,
    });

    fake.resetRequests();
    await Promise.all(
      Array.from({ length: 50 }, () => timedGet(`${cold.url}/api/search?q=stampede`)),
    );
    const upstream = fake
      .requests()
      .filter((r) => r.api === 'commons' && /stampede/i.test(JSON.stringify(r.params))).length;
    rows.push({
      figure: '50 identical concurrent cold searches: upstream requests',
      value: String(upstream),
      budget: '1',
      pass: upstream === 1,
    });
  } finally {
    await cold.stop();
  }
} finally {
  await fake.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

printTable(
  rows,
  `WikiLogos benchmarks — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

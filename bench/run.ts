// npm run bench: figures measured on this machine, each with its budget; it reports and never fails
// a test run. BENCH_ONLY=bundle,server,files,wall,admin,browser,lighthouse,soak (comma-separated) runs only
// those sections. Reports (Lighthouse JSON/HTML, the soak's memory samples) go to bench-results/.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { buildClient, clientBuildIsStale, root } from '../scripts/client-build.ts';
import { startWikimediaFake } from '../tests/fakes/wikimedia-fake.ts';
import { ONE_ADDRESS_LOAD_ENV } from '../tests/support/soak.ts';
import {
  closedLoop,
  ms,
  openLoop,
  printTable,
  startBenchServer,
  timedGet,
  type Row,
} from './bench-lib.ts';
import { browserBenchRows } from './browser-bench.ts';
import { filesBenchRows } from './files-bench.ts';
import { lighthouseBenchRows } from './lighthouse-bench.ts';
import { serverFloorRows } from './server-floor.ts';
import { postgresIdleRssRow, soakBenchRows } from './soak-bench.ts';
import { typingBenchRows } from './typing-bench.ts';
import { wallBenchRows } from './wall-bench.ts';

const SECTIONS = [
  'bundle',
  'server',
  'files',
  'wall',
  'admin',
  'browser',
  'lighthouse',
  'soak',
] as const;
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((section) => section.trim())
  .filter(Boolean);
const unknown = only.filter((section) => !(SECTIONS as readonly string[]).includes(section));
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (use ${SECTIONS.join(', ')})`);
const runs = (section: (typeof SECTIONS)[number]) => only.length === 0 || only.includes(section);

const rows: Row[] = [];
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-'));
  dataDirs.push(dir);
  return dir;
};

if (runs('bundle')) {
  // --- Home route's initial JavaScript (what the browser fetches before the page works), gzip.
  if (clientBuildIsStale()) buildClient('missing or older than its sources');
  // The entry (main.tsx, under index.html in the manifest) loads start-app.tsx after the first
  // paint, so the initial JavaScript is both and their static imports; lazy chunks are not counted.
  const clientDir = path.join(root, 'dist/client');
  type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit('index.html');
  visit('start-app.tsx');
  const initialScripts = [...initial].map((key) => manifest[key]!.file);
  const gzipBytes = initialScripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file))).length,
    0,
  );
  rows.push({
    figure: `Home route's initial JavaScript, gzip (${initialScripts.length} files)`,
    value: `${(gzipBytes / 1024).toFixed(1)} KB`,
    budget: '≤ 90 KB',
    pass: gzipBytes <= 90 * 1024,
  });
}

if (runs('server')) {
  const fake = await startWikimediaFake();
  // The bench measures speed, not the per-address rate limit that would otherwise stop it.
  const serverEnv = {
    COMMONS_API_URL: fake.commonsApiUrl,
    WIKIDATA_API_URL: fake.wikidataApiUrl,
    ...ONE_ADDRESS_LOAD_ENV,
  };
  try {
    // --- Warm cache: every answer comes from the search cache.
    // Started as `npm start` starts it (with its node flags, decision 045), as users meet it.
    const warm = await startBenchServer(
      { ...serverEnv, DATA_DIR: freshDataDir() },
      { asNpmStart: true },
    );
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
      // --- The same warm search against a bare Fastify server answering the same body.
      rows.push(...(await serverFloorRows(searchUrl)));
    } finally {
      await warm.stop();
    }

    // --- Cold searches against an upstream that takes 200 ms: what does the server add?
    fake.setLatency(200);
    const cold = await startBenchServer(
      { ...serverEnv, LOGO_SOURCES: 'commons,simple-icons', DATA_DIR: freshDataDir() },
      { asNpmStart: true },
    );
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

    // --- Official logos remembered in the database: names searched before a restart (same
    // DATA_DIR, empty memory) ask Wikidata nothing after it
    // (docs/decisions/037-official-logos-in-the-database.md).
    {
      fake.setLatency(0);
      const names = ['google', 'apple', 'netflix'];
      const dataDir = freshDataDir();
      const searchAll = async () => {
        const server = await startBenchServer({ ...serverEnv, DATA_DIR: dataDir });
        try {
          for (const name of names) await timedGet(`${server.url}/api/search?q=${name}`);
        } finally {
          await server.stop();
        }
      };
      const wikidataCalls = () => fake.requests().filter((r) => r.api === 'wikidata').length;
      fake.resetRequests();
      await searchAll();
      const beforeRestart = wikidataCalls();
      fake.resetRequests();
      await searchAll();
      const afterRestart = wikidataCalls();
      rows.push({
        figure: 'repeat search after a restart: upstream calls to Wikidata',
        value: `${afterRestart} (${beforeRestart} before the restart; ${names.join(', ')})`,
        budget: '0',
        pass: beforeRestart > 0 && afterRestart === 0,
      });
    }

    // --- Progressive results: a cold search for a real company, upstream at 300 ms. The results
    // page asks for its first answer (everything but Wikidata) and the whole one at once, as
    // below; the first logos need one upstream round, the official logo Wikidata's three
    // (docs/decisions/042-progressive-search-results.md).
    {
      fake.setLatency(300);
      const names = ['google', 'apple', 'netflix'];
      const server = await startBenchServer({ ...serverEnv, DATA_DIR: freshDataDir() });
      try {
        await timedGet(`${server.url}/api/search?q=warmup-run`);
        const firstLogos: number[] = [];
        const officialLogo: number[] = [];
        for (const name of names) {
          const [first, whole] = await Promise.all([
            timedGet(`${server.url}/api/search/first?q=${name}&fileType=svg`),
            timedGet(`${server.url}/api/search?q=${name}&fileType=svg`),
          ]);
          firstLogos.push(first);
          officialLogo.push(whole);
        }
        const each = (values: number[]) => values.map((v) => Math.round(v)).join(' / ');
        rows.push({
          figure: `cold search, upstream at 300 ms: time to first logos (${names.join(' / ')})`,
          value: `${each(firstLogos)} ms`,
          budget: '≤ 400 ms',
          pass: Math.max(...firstLogos) <= 400,
        });
        rows.push({
          figure: `cold search, upstream at 300 ms: time to the official logo (${names.join(' / ')})`,
          value: `${each(officialLogo)} ms`,
          budget: 'reported',
          pass: null,
        });
      } finally {
        await server.stop();
        fake.setLatency(0);
      }
    }
  } finally {
    await fake.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

// --- A batch's logo files through /api/files, cold and then from the files cache.
if (runs('files')) rows.push(...(await filesBenchRows()));

// --- A logo wall of 50 real names, upstream at 200 ms: uncached, then again from the caches.
if (runs('wall')) rows.push(...(await wallBenchRows()));

if (runs('admin')) {
  // --- The admin user list with 10,000 accounts, on the embedded database as an operator runs it:
  // the real server, its own data folder, an administrator session, warm. The accounts are
  // written straight into the database before the server starts (signing up 10,000 people
  // through the API would only measure password hashing).
  const ACCOUNTS = 10_000;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-admin-'));
  try {
    const seed = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await seed.db.execute(sql`
      insert into users (username, email, created_at, updated_at)
      select 'bench' || i, 'bench' || i || '@example.com',
             now() - interval '1 day' + i * interval '1 second', now()
      from generate_series(1, ${ACCOUNTS}::int) as i`);
    await seed.close();
    const server = await startBenchServer({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '10000000',
    });
    try {
      const login = await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
      });
      if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const pages = Math.ceil((ACCOUNTS + 1) / 50);
      const pageUrl = (i: number) => `${server.url}/api/admin/users?page=${(i % pages) + 1}`;
      for (let i = 0; i < 50; i++) await timedGet(pageUrl(i), { cookie }); // warm-up
      // One administrator clicking through pages: one request at a time, every page once or more.
      const latencies: number[] = [];
      for (let i = 0; i < 400; i++) latencies.push(await timedGet(pageUrl(i * 7), { cookie }));
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]!;
      rows.push({
        figure: `GET /api/admin/users?page=…, ${ACCOUNTS.toLocaleString('en-US')} accounts, PGlite, warm: p50 / p95`,
        value: `${ms(at(0.5))} / ${ms(at(0.95))}`,
        budget: 'p95 ≤ 100 ms',
        pass: at(0.95) <= 100,
      });
      const searchLatencies: number[] = [];
      for (let i = 0; i < 100; i++) {
        searchLatencies.push(
          await timedGet(`${server.url}/api/admin/users?search=bench${i % 97}&page=2`, { cookie }),
        );
      }
      searchLatencies.sort((a, b) => a - b);
      const searchP95 = searchLatencies[Math.floor(0.95 * (searchLatencies.length - 1))]!;
      rows.push({
        figure: `GET /api/admin/users?search=…&page=2, ${ACCOUNTS.toLocaleString('en-US')} accounts, PGlite, warm: p50 / p95`,
        value: `${ms(searchLatencies[Math.floor(0.5 * (searchLatencies.length - 1))]!)} / ${ms(searchP95)}`,
        // Every search reads all 10,000 names and addresses (a substring match has no index in
        // this schema), so it is reported beside the paging budget rather than held to it.
        budget: 'reported',
        pass: null,
      });
      // What any signed-in request costs on this machine right now (session lookup, headers):
      // the part of the figures above that is not the list.
      const baseline: number[] = [];
      for (let i = 0; i < 200; i++)
        baseline.push(await timedGet(`${server.url}/api/user`, { cookie }));
      baseline.sort((a, b) => a - b);
      rows.push({
        figure: 'GET /api/user with the same administrator session (baseline): p50 / p95',
        value: `${ms(baseline[Math.floor(0.5 * (baseline.length - 1))]!)} / ${ms(baseline[Math.floor(0.95 * (baseline.length - 1))]!)}`,
        budget: 'reported',
        pass: null,
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// --- In Chromium: the batch zip (against JSZip, which the original app used) and the SVG sheet.
if (runs('browser')) rows.push(...(await browserBenchRows()));

// --- In Chromium on the real server: the search box's names, their size and a keypress's match.
if (runs('browser')) rows.push(...(await typingBenchRows()));

// --- Lighthouse (mobile profile) on four pages of the real server; why a page misses its budget.
const notes: string[] = [];
if (runs('lighthouse')) {
  const lighthouse = await lighthouseBenchRows();
  rows.push(...lighthouse.rows);
  notes.push(...lighthouse.notes);
}

// --- 60 s of mixed load from 200 virtual users: the server's memory and per-route latencies.
if (runs('soak')) rows.push(...(await soakBenchRows()));
// --- The idle server's memory on PostgreSQL, beside the soak's PGlite rows (decision 039).
if (runs('soak')) rows.push(await postgresIdleRssRow());

printTable(
  rows,
  // The load average says how much else the machine was doing: the figures are only as quiet as it.
  `WikiLogos benchmarks — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}`,
);
if (notes.length > 0) console.log(`\n${notes.join('\n')}`);

// npm run bench: figures measured on this machine, each with its budget. It reports; it never
// fails a test run. Later issues add their figures here (search, zips, consolidation, Lighthouse).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildClient, clientBuildIsStale, root } from '../scripts/client-build.ts';

type Row = { figure: string; value: string; budget: string; pass: boolean | null };
const rows: Row[] = [];

// --- Home route's initial JavaScript (what the browser must fetch before the page works), gzip.
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

// --- GET /api/health against the real server: 64 keep-alive connections for 5 s.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-'));
const server = spawn(process.execPath, [path.join(root, 'src/server/server.ts')], {
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD: 'bench-admin-password',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const baseUrl = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (match) resolve(match[1]!);
  });
  server.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
});
// Drain the server's log so a full pipe never blocks it.
server.stdout!.resume();

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`status ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

async function load(url: string, seconds: number, connections: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) latencies.push(await get(url));
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { count: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

try {
  await load(`${baseUrl}/api/health`, 1, 64); // warm-up
  const health = await load(`${baseUrl}/api/health`, 5, 64);
  rows.push({
    figure: '/api/health, 64 connections: throughput',
    value: `${Math.round(health.rps)} req/s`,
    budget: 'reported',
    pass: null,
  });
  rows.push({
    figure: '/api/health, 64 connections: p50 / p99 latency',
    value: `${health.p50.toFixed(1)} ms / ${health.p99.toFixed(1)} ms`,
    budget: 'reported',
    pass: null,
  });
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

const widths = [0, 1, 2].map((i) =>
  Math.max(
    ...rows.map((r) => [r.figure, r.value, r.budget][i]!.length),
    ['Figure', 'Value', 'Budget'][i]!.length,
  ),
);
const line = (cells: string[]) =>
  '| ' + cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join(' | ') + ' |';
console.log(
  `\nWikiLogos benchmarks — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log(line(['Figure', 'Value', 'Budget', 'Result']));
console.log(line(widths.map((w) => '-'.repeat(w)).concat('------')));
for (const r of rows)
  console.log(
    line([r.figure, r.value, r.budget, r.pass === null ? '—' : r.pass ? 'PASS' : 'FAIL']),
  );

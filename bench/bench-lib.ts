import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { root } from '../scripts/client-build.ts';

// The same browser and flags as the browser journeys (playwright.config.ts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `pass`: null for a figure without a budget; 'not run' when the section could not run here. */
export type Row = {
  figure: string;
  value: string;
  budget: string;
  pass: boolean | null | 'not run';
};

/** What the server still holds after a full garbage collection (see bench/heap-probe.ts). */
export type HeldMemory = { heapUsedMb: number; externalMb: number; totalMb: number };

/** `pid`: the server process, for reading its memory from /proc. */
export type BenchServer = {
  url: string;
  pid: number;
  /** Only for a server started with `probeHeap`: collects garbage in it and reads what is held. */
  heldMemory: () => Promise<HeldMemory>;
  stop: () => Promise<void>;
};

/**
 * Starts the real server (`src/server/server.ts`) on a free port with the given environment.
 * `probeHeap` loads bench/heap-probe.ts into it (with `--expose-gc`) so `heldMemory` works.
 */
export async function startBenchServer(
  env: Record<string, string>,
  { probeHeap = false, asNpmStart = false }: { probeHeap?: boolean; asNpmStart?: boolean } = {},
): Promise<BenchServer> {
  const nodeArgs = probeHeap
    ? ['--expose-gc', '--import', path.join(root, 'bench/heap-probe.ts')]
    : [];
  // `asNpmStart`: through scripts/start.ts, with the node flags and allocator settings it adds
  // (same pid: it re-executes in place), for figures about the server as operators run it.
  const entry = asNpmStart ? 'scripts/start.ts' : 'src/server/server.ts';
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(root, entry)], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'bench-admin-password',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The log is read line by line for as long as the server runs (a full pipe would block it):
  // the first 'listening' line gives the address, HEAP_PROBE lines answer heldMemory().
  const probeWaiters: ((line: string) => void)[] = [];
  let partial = '';
  let out = '';
  let onListening: ((url: string) => void) | null = null;
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (onListening) {
        out += `${line}\n`;
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) {
          onListening(match[1]!);
          onListening = null;
          out = '';
        }
      }
      if (line.startsWith('HEAP_PROBE ')) probeWaiters.shift()?.(line.slice('HEAP_PROBE '.length));
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    onListening = resolve;
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${out}`)),
    );
  });
  return {
    url,
    pid: child.pid!,
    heldMemory: () => {
      if (!probeHeap) throw new Error('heldMemory needs a server started with probeHeap');
      return new Promise((resolve) => {
        probeWaiters.push((json) => {
          const { heapUsed, external } = JSON.parse(json) as { heapUsed: number; external: number };
          const mb = (bytes: number) => bytes / 1024 / 1024;
          resolve({
            heapUsedMb: mb(heapUsed),
            externalMb: mb(external),
            totalMb: mb(heapUsed + external),
          });
        });
        child.kill('SIGUSR2');
      });
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One GET; resolves with its latency in ms, rejects on a non-200 answer. */
export function timedGet(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url}: status ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

export type LoadResult = { count: number; rps: number; p50: number; p99: number };

function summarise(latencies: number[], seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { count: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** Closed loop: `connections` clients each send the next request as soon as the last one is answered. */
export async function closedLoop(
  url: string,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) latencies.push(await timedGet(url));
    }),
  );
  return summarise(latencies, seconds);
}

/**
 * Open loop: requests are offered at a fixed rate whatever the answers do (so a slow server
 * cannot hide its queueing), spread over at most `connections` sockets.
 */
export async function openLoop(
  url: string,
  seconds: number,
  ratePerSecond: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const total = Math.round(seconds * ratePerSecond);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(timedGet(url).then((ms) => void latencies.push(ms)));
  }
  await Promise.all(pending);
  return summarise(latencies, seconds);
}

export function printTable(rows: Row[], heading: string) {
  const head = ['Figure', 'Value', 'Budget'];
  const widths = [0, 1, 2].map((i) =>
    Math.max(head[i]!.length, ...rows.map((r) => [r.figure, r.value, r.budget][i]!.length)),
  );
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join(' | ') + ' |';
  console.log(`\n${heading}\n`);
  console.log(line([...head, 'Result']));
  console.log(line([...widths.map((w) => '-'.repeat(w)), '------']));
  for (const r of rows)
    console.log(
      line([
        r.figure,
        r.value,
        r.budget,
        r.pass === 'not run' ? 'NOT RUN' : r.pass === null ? 'reported' : r.pass ? 'PASS' : 'FAIL',
      ]),
    );
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

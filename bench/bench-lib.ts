import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { root } from '../scripts/client-build.ts';

/** `pass`: null for a figure without a budget; 'not run' when the section could not run here. */
export type Row = {
  figure: string;
  value: string;
  budget: string;
  pass: boolean | null | 'not run';
};

/** `pid`: the server process, for reading its memory from /proc. */
export type BenchServer = { url: string; pid: number; stop: () => Promise<void> };

/** Starts the real server (`src/server/server.ts`) on a free port with the given environment. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'src/server/server.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        child.stdout!.off('data', onData);
        // Keep draining the log so a full pipe never blocks the server.
        child.stdout!.resume();
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${out}`)),
    );
  });
  return {
    url,
    pid: child.pid!,
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
export function timedGet(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
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

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));
const startScript = fileURLToPath(new URL('../../scripts/start.ts', import.meta.url));

export type RunningServer = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type StartServerOptions = {
  /** Called with every chunk the server writes (stdout and stderr), e.g. to echo it with a prefix. */
  onOutput?: (text: string) => void;
  /**
   * Keep only the newest this many characters of output (long-running servers under load log a
   * line per request). Unlimited by default.
   */
  maxOutputChars?: number;
  /** 'npm start': through scripts/start.ts, with the node flags it adds (the same process). */
  entry?: 'server' | 'npm start';
};

/**
 * Starts `node src/server/server.ts` as an operator would, on a free port, and waits until it says
 * it is ready: that line comes after the start banner, so the banner is in `output()` by then.
 */
export function startServer(
  env: Record<string, string>,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const entry = options.entry === 'npm start' ? startScript : serverEntry;
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // Tests stop servers often; no load balancer is waiting to notice.
      SHUTDOWN_DRAIN_SECONDS: '0',
      // Not the runner's Redis: a search another run cached there would never reach a test's
      // upstream stand-in. A test that wants Redis passes REDIS_URL itself.
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = options.maxOutputChars ?? Infinity;
  const append = (chunk: Buffer) => {
    const text = chunk.toString();
    options.onOutput?.(text);
    output += text;
    if (output.length > keep) output = output.slice(output.length - keep);
  };
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      append(chunk);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('WikiLogos is ready at')) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', append);
        resolve({
          child,
          url: match[1]!,
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', append);
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
}

/** Resolves when `GET url/api/health` answers 200; rejects after `timeoutMs` with the last answer. */
export async function waitForHealthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: string;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline)
      throw new Error(`${url} is not healthy after ${timeoutMs} ms: ${last}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

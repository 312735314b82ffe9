import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { HttpError } from '#server/http-error.ts';

/**
 * Logo files kept on disk under a size bound, so a file asked for again is served without a trip
 * to Wikimedia (docs/decisions/036-files-cache.md). HTTP's own rules (http-cache-semantics, as a
 * shared cache) say how long a stored file is fresh, capped at `freshForMs`; past that it is
 * checked with the file host (If-None-Match / If-Modified-Since), and a 304 keeps it.
 */

export type CachedFile = { body: Buffer; contentType: string; fileName: string };

/** What the file host answered: a 304 only to a request that carried conditions. */
export type UpstreamAnswer =
  | { notModified: true; headers: Record<string, string> }
  | { notModified: false; headers: Record<string, string>; file: CachedFile };

/** Fetches the file from its host, sending these conditional headers (none on a first fetch). */
type FetchUpstream = (conditional: Record<string, string>) => Promise<UpstreamAnswer>;

export type FilesCache = {
  /** The file at `url`: stored and fresh, else through `fetchUpstream`, once for concurrent asks. */
  get: (url: string, fetchUpstream: FetchUpstream) => Promise<CachedFile>;
};

type FilesCacheOptions = {
  dir: string;
  /** The most bytes kept on disk; the least recently used files go first. */
  maxBytes: number;
  /** A stored file is checked with its host at least this often, whatever the host allows. */
  freshForMs?: number;
  now?: () => number;
  log?: { warn: (details: object, message: string) => void };
};

/** As long as browsers are told to keep a file (files.routes.ts): a new version shows within days. */
export const FILES_FRESH_FOR_MS = 24 * 60 * 60 * 1000;

type Entry = {
  url: string;
  contentType: string;
  fileName: string;
  /** Until then (our clock) served without asking the file host. */
  freshUntil: number;
  policy: CachePolicy.CachePolicyObject;
  file: CachedFile;
};

const ENTRY = '.entry';
const TEMPORARY = '.tmp';
/** The request every stored answer was made for (http-cache-semantics matches on it). */
const requestFor = (url: string) => ({ url, method: 'GET', headers: { accept: 'image/*' } });

/**
 * One file per entry: a 4-byte header length, the JSON header, then the bytes. Written to a
 * temporary name and renamed, so a crash mid-write leaves no entry; the checksum (of the rest of
 * the header and the bytes) is checked on every read, so a damaged entry is never served.
 */
type Header = Omit<Entry, 'file'> & { size: number };
const checksum = (header: Header, body: Buffer) =>
  createHash('sha256').update(JSON.stringify(header)).update(body).digest('hex');

function encode(entry: Entry): Buffer {
  const { file, ...rest } = entry;
  const header: Header = { ...rest, size: file.body.length };
  const json = Buffer.from(JSON.stringify({ ...header, sha256: checksum(header, file.body) }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, file.body]);
}

function decode(data: Buffer, url: string): Entry | undefined {
  try {
    const length = data.readUInt32BE(0);
    const parsed = JSON.parse(data.subarray(4, 4 + length).toString('utf8')) as Header & {
      sha256: string;
    };
    const { sha256: sum, ...header } = parsed;
    const body = data.subarray(4 + length);
    if (header.url !== url || body.length !== header.size || checksum(header, body) !== sum) {
      return undefined;
    }
    const { contentType, fileName, freshUntil, policy } = header;
    return {
      url,
      contentType,
      fileName,
      freshUntil,
      policy,
      file: { body, contentType, fileName },
    };
  } catch {
    return undefined;
  }
}

export async function openFilesCache(options: FilesCacheOptions): Promise<FilesCache> {
  const { dir, maxBytes, log } = options;
  const freshForMs = options.freshForMs ?? FILES_FRESH_FOR_MS;
  const now = options.now ?? Date.now;
  const pathOf = (key: string) => path.join(dir, key + ENTRY);
  // Key: the SHA-256 of the address (the file's name on disk); value: its size on disk.
  const stored = new LRUCache<string, { size: number }>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
    // Synchronous, so an evicted file is gone before the next write can reuse its name.
    dispose: (_entry, key, reason) => {
      if (reason === 'evict' || reason === 'delete') rmSync(pathOf(key), { force: true });
    },
  });
  const inFlight = new Map<string, Promise<CachedFile>>();

  await mkdir(dir, { recursive: true });
  const names = await readdir(dir);
  // A temporary file is a write that never finished (a crash): never an entry.
  await Promise.all(
    names.filter((n) => n.endsWith(TEMPORARY)).map((n) => rm(path.join(dir, n), { force: true })),
  );
  const found = await Promise.all(
    names
      .filter((n) => n.endsWith(ENTRY))
      .map(async (name) => {
        const info = await stat(path.join(dir, name));
        return { key: name.slice(0, -ENTRY.length), size: info.size, usedAt: info.mtimeMs };
      }),
  );
  // Oldest first, so the most recently used are kept if the bound is now smaller.
  found.sort((a, b) => a.usedAt - b.usedAt);
  for (const { key, size } of found) stored.set(key, { size });

  async function read(url: string, key: string): Promise<Entry | undefined> {
    if (!stored.get(key)) return undefined;
    const data = await readFile(pathOf(key)).catch(() => undefined);
    const entry = data && decode(data, url);
    if (!entry) {
      stored.delete(key);
      return undefined;
    }
    // The file's time is its last use, so the order survives a restart.
    const at = new Date();
    utimes(pathOf(key), at, at).catch(() => {});
    return entry;
  }

  async function write(key: string, entry: Entry): Promise<void> {
    const data = encode(entry);
    if (data.length > maxBytes) {
      stored.delete(key);
      return;
    }
    const temporary = path.join(dir, `${key}.${randomUUID()}${TEMPORARY}`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, pathOf(key));
      stored.set(key, { size: data.length });
    } catch (err) {
      // Serving the file matters more than keeping it (a full disk, say).
      await rm(temporary, { force: true });
      log?.warn({ err }, 'could not keep a logo file in the files cache');
    }
  }

  const freshUntil = (policy: CachePolicy) =>
    now() + Math.min(Math.max(0, (policy.maxAge() - policy.age()) * 1000), freshForMs);

  async function keepNew(url: string, key: string, answer: UpstreamAnswer): Promise<CachedFile> {
    if (answer.notModified) throw new Error('a 304 answer to a request without conditions');
    const policy = new CachePolicy(
      requestFor(url),
      { status: 200, headers: answer.headers },
      { shared: true },
    );
    const { file } = answer;
    if (policy.storable()) {
      const { contentType, fileName } = file;
      await write(key, {
        url,
        contentType,
        fileName,
        freshUntil: freshUntil(policy),
        policy: policy.toObject(),
        file,
      });
    } else stored.delete(key);
    return file;
  }

  async function load(url: string, key: string, fetchUpstream: FetchUpstream) {
    const entry = await read(url, key);
    if (!entry) return keepNew(url, key, await fetchUpstream({}));
    if (now() < entry.freshUntil) return entry.file;

    const policy = CachePolicy.fromObject(entry.policy);
    const request = requestFor(url);
    const conditional: Record<string, string> = {};
    for (const [name, value] of Object.entries(policy.revalidationHeaders(request))) {
      if (name.startsWith('if-') && typeof value === 'string') conditional[name] = value;
    }
    let answer: UpstreamAnswer;
    try {
      answer = await fetchUpstream(conditional);
    } catch (err) {
      // Gone from Commons: so from here too. Otherwise the stored copy beats an error.
      if (err instanceof HttpError && err.statusCode === 404) stored.delete(key);
      else return entry.file;
      throw err;
    }
    if (!answer.notModified) return keepNew(url, key, answer);
    const revalidated = policy.revalidatedPolicy(request, {
      status: 304,
      headers: answer.headers,
    });
    // A 304 for some other version than the one stored: fetch the file itself.
    if (revalidated.modified) return keepNew(url, key, await fetchUpstream({}));
    const next = revalidated.policy;
    await write(key, { ...entry, freshUntil: freshUntil(next), policy: next.toObject() });
    return entry.file;
  }

  return {
    get(url, fetchUpstream) {
      const key = createHash('sha256').update(url).digest('hex');
      let flight = inFlight.get(key);
      if (!flight) {
        flight = load(url, key, fetchUpstream).finally(() => inFlight.delete(key));
        inFlight.set(key, flight);
      }
      return flight;
    },
  };
}

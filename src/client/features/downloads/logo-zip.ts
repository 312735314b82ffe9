import { strToU8 } from 'fflate';
import pLimit from 'p-limit';
import {
  ATTRIBUTION_FILE_NAME,
  MANIFEST_FILE_NAME,
  archiveManifest,
  attributionMarkdown,
  sha256Hex,
  type ArchiveFileRecord,
} from './attribution.ts';
import { createUniqueNamer, logoFileName } from './zip-names.ts';
import { createZipWriter, type ZipWriterAnswer, type ZipWriterMessage } from './zip-writer.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { getLogoFile } from './api/get-logo-file.ts';
import { ZIP_PNG_WIDTH, zipEntriesFor, type ZipFormat } from './zip-names.ts';

export type ZipProgress = { done: number; total: number };

type BuildLogoZipOptions = {
  /** Resolves with a logo's bytes; a rejection skips that logo (it is returned in `failed`). */
  fetchFile: (logo: Logo, signal: AbortSignal) => Promise<Uint8Array>;
  concurrency?: number;
  /** Called as each logo settles (fetched, drawn and hashed, or failed). */
  onProgress?: (progress: ZipProgress) => void;
  format?: ZipFormat;
  /** Draws an SVG file as a PNG `width` px wide; needed when `format` includes PNG. */
  renderPng?: (svg: Uint8Array, width: number) => Promise<Uint8Array>;
  /** Aborting stops further fetches and rejects with an AbortError. */
  signal?: AbortSignal;
  now?: () => Date;
};

type LogoZip = {
  blob: Blob;
  /** Logos with at least one file in the archive. */
  added: number;
  /** Logos that could not be fetched, and SVGs that could not be drawn (their original is in). */
  failed: Logo[];
  notRendered: Logo[];
};

const DEFAULT_CONCURRENCY = 6;

type ZipSink = {
  add: (fileName: string, bytes: Uint8Array) => void;
  end: () => Promise<Blob>;
  terminate: () => void;
};

/**
 * The zip writer in a worker where the platform has one (the page stays responsive while a large
 * batch is deflated, docs/decisions/040-zips-and-sheets-off-the-main-thread.md), in place where it
 * has not (Node: the unit tests). Files are copied to the worker, never transferred: the caller's
 * bytes stay whole.
 */
function openZipSink(mtime: Date): ZipSink {
  if (typeof Worker === 'undefined') {
    const writer = createZipWriter(mtime);
    return { add: writer.add, end: async () => writer.end(), terminate: writer.terminate };
  }
  const worker = new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module' });
  const post = (message: ZipWriterMessage) => worker.postMessage(message);
  const written = new Promise<Blob>((resolve, reject) => {
    worker.addEventListener('message', ({ data }: MessageEvent<ZipWriterAnswer>) => {
      if ('blob' in data) resolve(data.blob);
      else reject(new Error(data.error));
    });
    // The worker could not load: an empty message lets the batch say its own failure text.
    worker.addEventListener('error', () => reject(new Error('')));
  });
  written.catch(() => {});
  post({ type: 'start', mtime: mtime.getTime() });
  return {
    add: (fileName, bytes) => post({ type: 'add', fileName, bytes }),
    end: async () => {
      post({ type: 'end' });
      try {
        return await written;
      } finally {
        worker.terminate();
      }
    },
    terminate: () => worker.terminate(),
  };
}

export async function fetchLogoBytes(logo: Logo, signal: AbortSignal): Promise<Uint8Array> {
  const blob = await getLogoFile(logo.url, { signal });
  return new Uint8Array(await blob.arrayBuffer());
}

function abortError(): DOMException {
  return new DOMException('The download was cancelled.', 'AbortError');
}

/**
 * The logos' zip, streamed entry by entry with fflate into one Blob, with ATTRIBUTION.md and a
 * SHA-256 manifest.json. With a PNG `format` SVGs are also (or instead) drawn at 512 px. Names are
 * fixed up front in selection order, so they never depend on which fetch finishes first.
 */
export async function buildLogoZip(
  logos: readonly Logo[],
  options: BuildLogoZipOptions,
): Promise<LogoZip> {
  const { fetchFile, onProgress, signal, renderPng } = options;
  const format = options.format ?? 'svg';
  const now = options.now ?? (() => new Date());
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  if (signal?.aborted) throw abortError();
  if (format !== 'svg' && !renderPng) throw new Error('A PNG zip needs a renderPng function.');

  const nextName = createUniqueNamer();
  const plans = logos.map((logo) =>
    zipEntriesFor(logo, format).map((entry) => ({ ...entry, fileName: nextName(entry.fileName) })),
  );
  const mtime = now();

  const zip = openZipSink(mtime);
  const write = zip.add;

  // Our own controller, so fetches still running are cancelled once the work is over for any reason.
  const controller = new AbortController();
  const onAbort = () => controller.abort(abortError());
  signal?.addEventListener('abort', onAbort, { once: true });

  // Fetched files wait here until every file before them is written or skipped. A PNG that could
  // not be drawn has no fileName: it goes in as the original, named when written.
  type Entry = { fileName: string | null; bytes: Uint8Array; sha256: string };
  type Settled = { entries: Entry[]; retrievedAt: string; notRendered: boolean } | null;
  const settled = new Map<number, Settled>();
  const records: ArchiveFileRecord[] = [];
  const failed: Logo[] = [];
  const notRendered: Logo[] = [];
  let added = 0;
  let nextToWrite = 0;
  let done = 0;

  const flush = () => {
    while (settled.has(nextToWrite)) {
      const index = nextToWrite++;
      const entry = settled.get(index)!;
      settled.delete(index);
      const logo = logos[index]!;
      if (!entry) {
        failed.push(logo);
        continue;
      }
      added += 1;
      if (entry.notRendered) notRendered.push(logo);
      for (const file of entry.entries) {
        const fileName = file.fileName ?? nextName(logoFileName(logo));
        write(fileName, file.bytes);
        records.push({
          fileName,
          logo,
          sha256: file.sha256,
          bytes: file.bytes.byteLength,
          retrievedAt: entry.retrievedAt,
        });
      }
    }
  };

  const filesOf = async (index: number, bytes: Uint8Array) => {
    const files: Entry[] = [];
    let failedToDraw = false;
    for (const plan of plans[index]!) {
      let file: { fileName: string | null; bytes: Uint8Array } = { fileName: plan.fileName, bytes };
      if (plan.kind === 'png') {
        try {
          file = { fileName: plan.fileName, bytes: await renderPng!(bytes, ZIP_PNG_WIDTH) };
        } catch {
          failedToDraw = true;
          // With both formats the original is in already; with PNG only it stands in.
          if (plans[index]!.some((other) => other.kind === 'original')) continue;
          file = { fileName: null, bytes };
        }
      }
      files.push({ ...file, sha256: await sha256Hex(file.bytes) });
    }
    return { files, failedToDraw };
  };

  const settle = async (logo: Logo, index: number) => {
    if (controller.signal.aborted) return;
    let entry: Settled;
    try {
      const bytes = await fetchFile(logo, controller.signal);
      const retrievedAt = now().toISOString();
      if (controller.signal.aborted) return;
      const { files, failedToDraw } = await filesOf(index, bytes);
      entry = { entries: files, retrievedAt, notRendered: failedToDraw };
    } catch {
      entry = null;
    }
    if (controller.signal.aborted) return;
    settled.set(index, entry);
    flush();
    onProgress?.({ done: ++done, total: logos.length });
  };

  // A fetchFile that ignores its signal must not keep the caller waiting after a cancel.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(abortError()), { once: true });
  });
  aborted.catch(() => {});

  let blob: Blob;
  try {
    await Promise.race([pLimit(concurrency).map(logos, settle), aborted]);
    if (signal?.aborted) throw abortError();

    const generatedAt = now().toISOString();
    write(ATTRIBUTION_FILE_NAME, strToU8(attributionMarkdown(records, { generatedAt })));
    write(MANIFEST_FILE_NAME, strToU8(archiveManifest(records, { generatedAt })));
    blob = await Promise.race([zip.end(), aborted]);
  } catch (error) {
    zip.terminate();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }

  return {
    blob,
    added,
    failed,
    notRendered,
  };
}

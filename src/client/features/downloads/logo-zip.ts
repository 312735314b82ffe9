import { deflateSync, strToU8, Zip, ZipPassThrough } from 'fflate';
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
import type { Logo } from '#shared/search/search.schemas.ts';
import { getLogoFile } from './api/get-logo-file.ts';
import { ZIP_PNG_WIDTH, zipEntriesFor, type ZipFormat } from './zip-format.ts';

export type ZipProgress = { done: number; total: number };

type BuildLogoZipOptions = {
  /** Resolves with a logo's bytes; a rejection skips that logo (it is returned in `failed`). */
  fetchFile: (logo: Logo, signal: AbortSignal) => Promise<Uint8Array>;
  /** How many files are fetched at once. */
  concurrency?: number;
  /**
   * Called after each logo settles (fetched, drawn as PNG when asked, and hashed; or failed);
   * `total` is `logos.length`.
   */
  onProgress?: (progress: ZipProgress) => void;
  /** The original files (default), PNGs drawn from the SVGs, or both. */
  format?: ZipFormat;
  /** Draws an SVG file as a PNG `width` px wide; needed when `format` includes PNG. */
  renderPng?: (svg: Uint8Array, width: number) => Promise<Uint8Array>;
  /** Aborting stops further fetches and rejects with an AbortError. */
  signal?: AbortSignal;
  /** The entries' modification time and the attribution's retrieved-at time. */
  now?: () => Date;
};

type LogoZip = {
  blob: Blob;
  /** Logos with at least one file in the archive. */
  added: number;
  /** Logos whose file could not be fetched: nothing of them is in the archive. */
  failed: Logo[];
  /** SVGs that could not be drawn as PNG: only their original file is in the archive. */
  notRendered: Logo[];
};

const DEFAULT_CONCURRENCY = 6;
// zlib's and fflate's default, and what JSZip used in the original app. Measured on the bench's
// 100 logos in Chromium: level 1 deflates about twice as fast for SVG entries ~9% larger (the
// whole zip 2% larger); level 9 costs more CPU for nothing measurable on SVG text.
const DEFLATE_LEVEL = 6;

/**
 * A zip entry deflated in one go. fflate's streaming ZipDeflate runs its compressor chunk by chunk
 * through a 96 KB window buffer and measured 2–3× slower than `deflateSync` on the same logos; a
 * fetched file is whole in memory anyway, so it is compressed at once and handed to the archive
 * through ZipPassThrough's documented extension point (which computes the CRC and size of the
 * uncompressed bytes). The archive itself is still streamed, entry by entry.
 */
class ZipDeflateWhole extends ZipPassThrough {
  constructor(fileName: string) {
    super(fileName);
    this.compression = 8; // deflate
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    // Two deflateSync outputs back to back are not one deflate stream.
    if (!final) throw new Error('ZipDeflateWhole takes a whole file in one push.');
    this.ondata(null, deflateSync(chunk, { level: DEFLATE_LEVEL }), final);
  }
}

/** The default `fetchFile`: a logo's bytes through WikiLogos' own /api/files proxy. */
export async function fetchLogoBytes(logo: Logo, signal: AbortSignal): Promise<Uint8Array> {
  const blob = await getLogoFile(logo.url, { signal });
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * PNG, JPEG, GIF and WebP are compressed already: deflating them again costs CPU and saves nothing,
 * so they are stored. The bytes decide, not the name: a title can say 'png' about an SVG.
 */
function isCompressedImage(bytes: Uint8Array): boolean {
  const at = (offset: number, ...signature: number[]) =>
    signature.every((b, i) => bytes[offset + i] === b);
  return (
    at(0, 0x89, 0x50, 0x4e, 0x47) || // PNG
    at(0, 0xff, 0xd8, 0xff) || // JPEG
    at(0, 0x47, 0x49, 0x46, 0x38) || // GIF8
    (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) // RIFF….WEBP
  );
}

function abortError(): DOMException {
  return new DOMException('The download was cancelled.', 'AbortError');
}

/**
 * Builds a zip of the logos in the browser, streamed entry by entry with fflate into one Blob (no
 * base64, no copy of the whole archive), with ATTRIBUTION.md and a SHA-256 manifest.json.
 * With a PNG `format`, SVGs are also (or instead) drawn at 512 px; one that cannot be drawn keeps
 * its original file and is reported in `notRendered`. Names are fixed up front in selection order
 * (`_2`, `_3`… for duplicates) so they never depend on which fetch finishes first. Failed fetches
 * are skipped and reported in `failed`; the caller decides what to tell the user.
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

  const chunks: Uint8Array[] = [];
  let zipError: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) zipError = error;
    else chunks.push(chunk);
  });
  const write = (file: ZipPassThrough, bytes: Uint8Array) => {
    file.mtime = mtime;
    zip.add(file);
    file.push(bytes, true);
  };

  // Our own controller, so fetches still running are cancelled once the work is over for any reason.
  const controller = new AbortController();
  const onAbort = () => controller.abort(abortError());
  signal?.addEventListener('abort', onAbort, { once: true });

  // Fetched files wait here until every file before them is written or skipped. A PNG that could
  // not be drawn has no fileName: it goes in as the original, named when it is written.
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
        write(
          isCompressedImage(file.bytes)
            ? new ZipPassThrough(fileName)
            : new ZipDeflateWhole(fileName),
          file.bytes,
        );
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

  /** The logo's files from its fetched bytes: the original, the drawn PNG, or both. */
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

  try {
    await Promise.race([pLimit(concurrency).map(logos, settle), aborted]);
    if (signal?.aborted) throw abortError();

    const generatedAt = now().toISOString();
    write(
      new ZipDeflateWhole(ATTRIBUTION_FILE_NAME),
      strToU8(attributionMarkdown(records, { generatedAt })),
    );
    write(
      new ZipDeflateWhole(MANIFEST_FILE_NAME),
      strToU8(archiveManifest(records, { generatedAt })),
    );
    zip.end();
    if (zipError) throw zipError;
  } catch (error) {
    zip.terminate();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }

  return {
    // fflate emits chunks backed by plain ArrayBuffers, which is what Blob accepts.
    blob: new Blob(chunks as Uint8Array<ArrayBuffer>[], { type: 'application/zip' }),
    added,
    failed,
    notRendered,
  };
}

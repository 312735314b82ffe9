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
// zlib's default. On the bench's 100 logos level 1 is twice as fast for a 2% larger zip; level 9
// costs CPU for nothing measurable on SVG text.
const DEFLATE_LEVEL = 6;

/**
 * A zip entry deflated in one go: fflate's streaming ZipDeflate measured 2–3× slower than
 * `deflateSync`, and a fetched file is whole in memory anyway. ZipPassThrough's documented
 * extension point computes the CRC and size; the archive is still streamed entry by entry.
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

export async function fetchLogoBytes(logo: Logo, signal: AbortSignal): Promise<Uint8Array> {
  const blob = await getLogoFile(logo.url, { signal });
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * PNG, JPEG, GIF and WebP are stored: deflating them again costs CPU and saves nothing. The bytes
 * decide, not the name (a title can say 'png' about an SVG).
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

  const chunks: Uint8Array[] = [];
  let zipError: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) zipError = error;
    else chunks.push(chunk);
  });
  const write = (fileName: string, bytes: Uint8Array) => {
    const file = isCompressedImage(bytes)
      ? new ZipPassThrough(fileName)
      : new ZipDeflateWhole(fileName);
    file.mtime = mtime;
    zip.add(file);
    file.push(bytes, true);
  };

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

  try {
    await Promise.race([pLimit(concurrency).map(logos, settle), aborted]);
    if (signal?.aborted) throw abortError();

    const generatedAt = now().toISOString();
    write(ATTRIBUTION_FILE_NAME, strToU8(attributionMarkdown(records, { generatedAt })));
    write(MANIFEST_FILE_NAME, strToU8(archiveManifest(records, { generatedAt })));
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

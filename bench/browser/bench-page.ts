// Runs inside Chromium (bundled by bench/browser-bench.ts): times the real client code against the
// library the original app used, on the same in-memory files. Nothing here touches the network.
import JSZip from 'jszip';
import { buildLogoZip } from '#client/features/downloads/logo-zip.ts';
import { buildSvgSheet } from '#client/features/downloads/sheet/svg-sheet.ts';
import { createUniqueNamer, logoFileName } from '#client/features/downloads/zip-names.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** One file of the bench: SVG text, or a PNG-like blob of `size` random bytes. */
export type BenchFile = { logo: Logo } & (
  { kind: 'svg'; svg: string } | { kind: 'png'; size: number; seed: number }
);

export type ZipBenchInput = { files: BenchFile[]; warmups: number; runs: number };
export type ZipBenchResult = {
  inputBytes: number;
  fflateMs: number[];
  jszipMs: number[];
  /** JSZip told to store the PNGs, as our builder does: how much of the gap is pass-through. */
  jszipStoredPngMs: number[];
  fflateBytes: number;
  jszipBytes: number;
  added: number;
};

export type SheetBenchInput = {
  logos: { title: string; svg: string; credit?: string }[];
  warmups: number;
  runs: number;
};
export type SheetBenchResult = {
  ms: number[];
  included: number;
  skipped: { title: string; reason: string }[];
  sheetBytes: number;
};

// xorshift32: the same "random" bytes in every run and on every machine.
function pseudoRandomBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = seed | 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  // A PNG signature, so anything that sniffs the bytes sees what a real PNG logo would show.
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

const time = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

async function zipBench(input: ZipBenchInput): Promise<ZipBenchResult> {
  const encoder = new TextEncoder();
  // Both sides start from what a fetch leaves in hand, one Blob per logo: the original app passed
  // these to JSZip, and our fetchLogoBytes reads the Blob of apiClient.getBlob into bytes.
  const blobs = new Map<string, Blob>();
  for (const file of input.files) {
    const bytes =
      file.kind === 'svg' ? encoder.encode(file.svg) : pseudoRandomBytes(file.size, file.seed);
    blobs.set(
      file.logo.url,
      new Blob([bytes], { type: file.kind === 'svg' ? 'image/svg+xml' : 'image/png' }),
    );
  }
  const logos = input.files.map((f) => f.logo);
  const nextName = createUniqueNamer();
  const names = logos.map((logo) => nextName(logoFileName(logo)));

  let fflateBytes = 0;
  let added = 0;
  const ours = () =>
    time(async () => {
      const result = await buildLogoZip(logos, {
        // fetchLogoBytes minus the network: the response Blob read into bytes.
        fetchFile: async (logo) => new Uint8Array(await blobs.get(logo.url)!.arrayBuffer()),
      });
      fflateBytes = result.blob.size;
      added = result.added;
    });

  let jszipBytes = 0;
  const jszip = (storePngs: boolean) =>
    time(async () => {
      const zip = new JSZip();
      logos.forEach((logo, i) => {
        const blob = blobs.get(logo.url)!;
        zip.file(
          names[i]!,
          blob,
          storePngs && blob.type === 'image/png' ? { compression: 'STORE' } : undefined,
        );
      });
      const blob = await zip.generateAsync({ type: 'blob', compression: 'DEFLATE' });
      if (!storePngs) jszipBytes = blob.size;
    });

  for (let i = 0; i < input.warmups; i++) {
    await ours();
    await jszip(false);
    await jszip(true);
  }
  const fflateMs: number[] = [];
  const jszipMs: number[] = [];
  const jszipStoredPngMs: number[] = [];
  // Interleaved, alternating who goes first, so neither side always inherits the other's garbage.
  for (let i = 0; i < input.runs; i++) {
    if (i % 2 === 0) {
      fflateMs.push(await ours());
      jszipMs.push(await jszip(false));
    } else {
      jszipMs.push(await jszip(false));
      fflateMs.push(await ours());
    }
    jszipStoredPngMs.push(await jszip(true));
  }
  const inputBytes = [...blobs.values()].reduce((sum, b) => sum + b.size, 0);
  return { inputBytes, fflateMs, jszipMs, jszipStoredPngMs, fflateBytes, jszipBytes, added };
}

async function sheetBench(input: SheetBenchInput): Promise<SheetBenchResult> {
  let last: ReturnType<typeof buildSvgSheet> | null = null;
  const once = () => time(async () => void (last = buildSvgSheet(input.logos)));
  for (let i = 0; i < input.warmups; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < input.runs; i++) ms.push(await once());
  const sheet = last as ReturnType<typeof buildSvgSheet> | null;
  return {
    ms,
    included: sheet?.included ?? 0,
    skipped: sheet?.skipped ?? [],
    sheetBytes: sheet?.svg.length ?? 0,
  };
}

export type BenchApi = { zipBench: typeof zipBench; sheetBench: typeof sheetBench };
(globalThis as typeof globalThis & { wikiLogosBench: BenchApi }).wikiLogosBench = {
  zipBench,
  sheetBench,
};

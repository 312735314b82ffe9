import { deflateSync, Zip, ZipPassThrough } from 'fflate';

/*
 * Writing a zip: deflating each file and framing the archive. It runs in zip.worker.ts, so a
 * 100-logo batch never holds the page up (docs/decisions/040-zips-and-sheets-off-the-main-thread.md);
 * where there is no Worker (Node, the unit tests) the same code runs in place.
 */

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

/** What the page sends the zip worker, in order: `start`, the files, then `end`. */
export type ZipWriterMessage =
  | { type: 'start'; mtime: number }
  | { type: 'add'; fileName: string; bytes: Uint8Array }
  | { type: 'end' };
/** The worker's one answer, to `end`. */
export type ZipWriterAnswer = { blob: Blob } | { error: string };

/** One archive written entry by entry; every entry gets `mtime`. */
export function createZipWriter(mtime: Date) {
  const chunks: Uint8Array[] = [];
  let zipError: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) zipError = error;
    else chunks.push(chunk);
  });
  return {
    add(fileName: string, bytes: Uint8Array): void {
      const file = isCompressedImage(bytes)
        ? new ZipPassThrough(fileName)
        : new ZipDeflateWhole(fileName);
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
    },
    end(): Blob {
      zip.end();
      if (zipError) throw zipError;
      // fflate emits chunks backed by plain ArrayBuffers, which is what Blob accepts.
      return new Blob(chunks as Uint8Array<ArrayBuffer>[], { type: 'application/zip' });
    },
    terminate(): void {
      zip.terminate();
    },
  };
}

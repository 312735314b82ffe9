import { Readable, Transform, pipeline } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { HttpError } from '#server/http-error.ts';
import { MIME_FILE_TYPES } from '#shared/search/search.schemas.ts';
import { getIconSvg } from '../search/sources/simple-icons.ts';
import { createWikimediaClient } from '../search/wikimedia-client.ts';
import type { FilesCache, UpstreamAnswer } from './files-cache.ts';
import { checkFileUrl, type FileUrlDecision } from './files.url-policy.ts';

/**
 * Fetches logo files so downloads, SVG copies and zips are same-origin (Commons' thumbnails send no
 * CORS headers): Wikimedia's file hosts only, each transfer bounded in time and size.
 */

/** SVG is XML that can carry scripts: opened directly, it must not run or load anything. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The file host must answer (status and headers) within this time. */
const FILE_TIMEOUT_MS = 10_000;
/** Once the body flows, a pause without any byte this long ends the transfer. */
const FILE_STALL_MS = 10_000;
/** And the whole body must arrive within this time, however steadily it trickles. */
const FILE_TRANSFER_MS = 60_000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/;

const upstreamFailed = (message: string) => new HttpError(502, 'UPSTREAM_FAILED', message);
const upstreamTimeout = (message: string) => new HttpError(504, 'UPSTREAM_TIMEOUT', message);

type FileDelivery = {
  body: Readable | string;
  /** The media type to send (always image/…). */
  contentType: string;
  /** A safe file name with extension, for Content-Disposition. */
  fileName: string;
  contentLength: number | undefined;
  isSvg: boolean;
};

export type FilesServiceDeps = {
  /** Sent to Wikimedia with every request (its User-Agent policy). */
  userAgent: string;
  /** Exact origins that may be fetched; only tests change this (to a local server). */
  allowedOrigins?: readonly string[];
  /** Our public origin, so absolute addresses of our own icons are served too. */
  selfOrigin?: string;
  timeoutMs?: number;
  stallMs?: number;
  transferMs?: number;
  maxBytes?: number;
  /** Keeps files on disk between requests (files-cache.ts); absent, every request goes upstream. */
  cache?: FilesCache | undefined;
};

type Transfer = { response: Response; url: URL; controller: AbortController };

/** 'Google_2015_logo.svg' → 'Google_2015_logo' (ASCII letters, digits, dot, dash, underscore). */
function safeBaseName(pathname: string): string {
  const last = pathname.split('/').pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape is kept as typed and sanitised below.
  }
  const base = decoded
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 120);
  return base || 'logo';
}

export function createFilesService(deps: FilesServiceDeps) {
  const wikimedia = createWikimediaClient({ userAgent: deps.userAgent });
  const timeoutMs = deps.timeoutMs ?? FILE_TIMEOUT_MS;
  const stallMs = deps.stallMs ?? FILE_STALL_MS;
  const transferMs = deps.transferMs ?? FILE_TRANSFER_MS;
  const maxBytes = deps.maxBytes ?? MAX_FILE_BYTES;
  const { cache } = deps;
  const policy = { allowedOrigins: deps.allowedOrigins, selfOrigin: deps.selfOrigin };
  const tooLarge = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most WikiLogos passes on.`;

  function check(raw: string): Exclude<FileUrlDecision, { kind: 'refused' }> {
    const decision = checkFileUrl(raw, policy);
    if (decision.kind === 'refused')
      throw new HttpError(400, 'VALIDATION_FAILED', decision.message);
    return decision;
  }

  async function request(
    url: URL,
    signal: AbortSignal,
    conditional: Record<string, string>,
  ): Promise<{ response: Response; url: URL }> {
    let current = url;
    for (let hop = 0; ; hop++) {
      const response = await wikimedia.send(current, {
        signal,
        accept: 'image/*',
        redirect: 'manual',
        headers: conditional,
      });
      if (response.status < 300 || response.status >= 400 || response.status === 304) {
        return { response, url: current };
      }
      await response.body?.cancel();
      const location = response.headers.get('location');
      // Following a redirect blindly would undo the allow-list: re-check where it points.
      const next = location ? URL.parse(location, current) : null;
      const decision = next && checkFileUrl(next.href, { allowedOrigins: policy.allowedOrigins });
      if (hop >= MAX_REDIRECTS || decision?.kind !== 'remote') {
        throw upstreamFailed(
          'Wikimedia redirected the file to an address WikiLogos does not fetch from.',
        );
      }
      current = decision.url;
    }
  }

  /**
   * The body within the size limit, never silent for `stallMs`, whole within `transferMs`. Past any
   * (or if the host hangs up) the stream fails with an HttpError and the request is aborted: the
   * caller must then cut its response, whose status is already sent.
   */
  function guardBody(body: Readable, abort: () => void): Readable {
    let seen = 0;
    let stall: NodeJS.Timeout | undefined;
    const failAfter = (ms: number, message: string) =>
      setTimeout(() => {
        abort();
        guard.destroy(upstreamTimeout(message));
      }, ms);
    const stallMessage = `Wikimedia stopped sending the file for ${stallMs / 1000} seconds.`;
    const armStall = () => {
      clearTimeout(stall);
      stall = failAfter(stallMs, stallMessage);
    };
    const deadline = failAfter(
      transferMs,
      `Wikimedia did not send the whole file within ${transferMs / 1000} seconds.`,
    );
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > maxBytes) {
          abort();
          callback(new HttpError(413, 'PAYLOAD_TOO_LARGE', tooLarge));
          return;
        }
        armStall();
        callback(null, chunk);
      },
    });
    guard.once('close', () => {
      clearTimeout(stall);
      clearTimeout(deadline);
    });
    armStall();
    // Any error (ours, or the host hanging up mid-way) ends both streams.
    pipeline(body, guard, () => {});
    return guard;
  }

  /** The file host's answer to a GET of `url` (its status and headers), within `timeoutMs`. */
  async function startTransfer(
    target: URL,
    signal?: AbortSignal,
    conditional: Record<string, string> = {},
  ): Promise<Transfer> {
    const controller = new AbortController();
    // Only the answer's start has this deadline; the body has its own (guardBody).
    const headersTimeout = AbortSignal.timeout(timeoutMs);
    const onTimeout = () => controller.abort(headersTimeout.reason);
    headersTimeout.addEventListener('abort', onTimeout, { once: true });
    try {
      const fetched = await request(
        target,
        signal ? AbortSignal.any([controller.signal, signal]) : controller.signal,
        conditional,
      );
      return { ...fetched, controller };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (headersTimeout.aborted) {
        throw upstreamTimeout(
          `Wikimedia did not send the file within ${timeoutMs / 1000} seconds.`,
        );
      }
      throw upstreamFailed('Wikimedia could not be reached to fetch the file.');
    } finally {
      headersTimeout.removeEventListener('abort', onTimeout);
    }
  }

  /** A 200 image within the size limit, its body guarded (guardBody); else an HttpError. */
  async function acceptFile({
    response,
    url,
    controller,
  }: Transfer): Promise<FileDelivery & { body: Readable }> {
    const fail = async (error: HttpError): Promise<never> => {
      controller.abort();
      await response.body?.cancel().catch(() => {});
      throw error;
    };

    if (response.status === 404 || response.status === 410) {
      return fail(
        new HttpError(404, 'NOT_FOUND', 'This file does not exist on Wikimedia Commons any more.'),
      );
    }
    if (response.status !== 200 || !response.body) {
      return fail(upstreamFailed(`Wikimedia did not send the file (status ${response.status}).`));
    }
    const contentType = response.headers.get('content-type') ?? '';
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    if (!IMAGE_TYPE.test(mediaType)) {
      return fail(upstreamFailed('Wikimedia answered with something that is not an image.'));
    }
    // With a Content-Encoding the length is of the compressed bytes; fetch hands us decoded ones.
    const encoded = response.headers.has('content-encoding');
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      return fail(new HttpError(413, 'PAYLOAD_TOO_LARGE', tooLarge));
    }

    const extension =
      MIME_FILE_TYPES[mediaType] ??
      /\.([a-z0-9]{1,5})$/i.exec(url.pathname)?.[1]?.toLowerCase() ??
      'img';
    const body = guardBody(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), () =>
      controller.abort(),
    );
    return {
      body,
      contentType: mediaType,
      fileName: `${safeBaseName(url.pathname)}.${extension}`,
      contentLength: !encoded && Number.isFinite(declared) ? declared : undefined,
      isSvg: mediaType === 'image/svg+xml',
    };
  }

  /** For the cache: the whole file, or the host's 304 to a conditional request. */
  async function fetchWhole(
    target: URL,
    conditional: Record<string, string>,
  ): Promise<UpstreamAnswer> {
    const transfer = await startTransfer(target, undefined, conditional);
    const headers = Object.fromEntries(transfer.response.headers);
    if (transfer.response.status === 304 && Object.keys(conditional).length > 0) {
      await transfer.response.body?.cancel().catch(() => {});
      return { notModified: true as const, headers };
    }
    const file = await acceptFile(transfer);
    try {
      const body = await buffer(file.body);
      return {
        notModified: false as const,
        headers,
        file: { body, contentType: file.contentType, fileName: file.fileName },
      };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw upstreamFailed('Wikimedia stopped sending the file before its end.');
    }
  }

  /** The file at `rawUrl`, ready to stream, or an HttpError saying why not. */
  async function open(rawUrl: string, signal?: AbortSignal): Promise<FileDelivery> {
    const target = check(rawUrl);
    if (target.kind === 'icon') {
      const svg = getIconSvg(target.slug);
      if (svg === null) throw new HttpError(404, 'NOT_FOUND', 'This icon is not in the catalogue.');
      return {
        body: svg,
        contentType: 'image/svg+xml; charset=utf-8',
        fileName: `${target.slug}.svg`,
        contentLength: Buffer.byteLength(svg),
        isSvg: true,
      };
    }
    if (!cache) return acceptFile(await startTransfer(target.url, signal));

    // Shared by every request for the file, so one caller going away does not cancel it.
    const file = await cache.get(target.url.href, (conditional) =>
      fetchWhole(target.url, conditional),
    );
    return {
      body: Readable.from([file.body]),
      contentType: file.contentType,
      fileName: file.fileName,
      contentLength: file.body.length,
      isSvg: file.contentType === 'image/svg+xml',
    };
  }

  /** The whole file as UTF-8 (SVG code) within the same limits; `accept` may refuse it first. */
  async function readText(
    rawUrl: string,
    accept?: (file: Omit<FileDelivery, 'body'>) => void,
  ): Promise<string> {
    const file = await open(rawUrl);
    const { body } = file;
    try {
      accept?.(file);
      return typeof body === 'string' ? body : await text(body);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // The transfer was cut off (the time limit aborts the request mid-body too).
      throw upstreamFailed('Wikimedia stopped sending the file before its end.');
    } finally {
      if (typeof body !== 'string') body.destroy();
    }
  }

  return { open, readText };
}

export type FilesService = ReturnType<typeof createFilesService>;

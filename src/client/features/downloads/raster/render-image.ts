import { svgIntrinsicSize } from '../svg-size.ts';
import {
  FALLBACK_SVG_SIZE,
  LOSSY_QUALITY,
  RASTER_FORMAT_INFO,
  planRaster,
  type RasterFormat,
  type RasterPlan,
} from './raster-plan.ts';

/*
 * Drawing an SVG as PNG, WebP or JPG: sized exactly, loaded as an image from a blob: URL (an image
 * runs no scripts and loads nothing external), painted on a canvas and encoded by the browser.
 */

class RenderError extends Error {
  override name = 'RenderError';
}

type RenderRequest = {
  svg: string;
  format: RasterFormat;
  width: number;
  paddingPercent?: number;
  /** A CSS colour painted first, or null to keep the picture transparent. */
  background: string | null;
};

const NOT_AN_SVG = 'This file is not an SVG image that can be drawn.';

/**
 * Parses the SVG, plans the picture and pins the root to the size it is drawn at, so the browser
 * renders the vector at full resolution (a root without a viewBox gets one, or it would not scale).
 */
function prepare(request: RenderRequest): { svg: string; plan: RasterPlan } {
  const doc = new DOMParser().parseFromString(request.svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0 || root.localName !== 'svg') {
    throw new RenderError(NOT_AN_SVG);
  }
  const intrinsic = svgIntrinsicSize({
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
    viewBox: root.getAttribute('viewBox'),
  });
  const plan = planRaster({
    intrinsic,
    width: request.width,
    paddingPercent: request.paddingPercent,
  });
  if (!root.hasAttribute('viewBox') || !intrinsic) {
    const size = intrinsic ?? FALLBACK_SVG_SIZE;
    root.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
  }
  root.setAttribute('width', String(plan.logo.width));
  root.setAttribute('height', String(plan.logo.height));
  return { svg: new XMLSerializer().serializeToString(doc), plan };
}

async function loadImage(svg: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    throw new RenderError(NOT_AN_SVG);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Renders `request.svg` and encodes it; rejects with a RenderError or a RasterSizeError. */
export async function renderSvgImage(request: RenderRequest): Promise<Blob> {
  const { svg, plan } = prepare(request);
  const image = await loadImage(svg);
  const info = RASTER_FORMAT_INFO[request.format];

  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  try {
    const context = canvas.getContext('2d');
    if (!context) throw new RenderError('This browser could not draw the image.');
    if (request.background) {
      context.fillStyle = request.background;
      context.fillRect(0, 0, plan.width, plan.height);
    }
    context.drawImage(image, plan.logo.x, plan.logo.y, plan.logo.width, plan.logo.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, info.mime, info.mime === 'image/png' ? undefined : LOSSY_QUALITY),
    );
    // A browser that cannot encode a format hands back a PNG instead: that file would lie about its name.
    if (!blob || blob.type !== info.mime) {
      throw new RenderError(`This browser cannot save ${info.label} images. Try PNG.`);
    }
    return blob;
  } finally {
    // Frees the pixels now rather than whenever the canvas is collected.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** A transparent PNG of an SVG file's bytes at `width` px, as a batch zip stores it. */
export async function renderSvgBytesToPng(bytes: Uint8Array, width: number): Promise<Uint8Array> {
  const svg = new TextDecoder().decode(bytes);
  const blob = await renderSvgImage({ svg, format: 'png', width, background: null });
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * A picture file as PNG, the one image type every clipboard takes: a PNG as it is, any other
 * picture the browser can decode (JPG, WebP, GIF's first frame) drawn on a canvas at its own size.
 */
export async function rasterToPng(file: Blob): Promise<Blob> {
  if (file.type === 'image/png') return file;
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new RenderError('This file is not a picture that can be drawn.');
  });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  try {
    const context = canvas.getContext('2d');
    if (!context) throw new RenderError('This browser could not draw the image.');
    context.drawImage(bitmap, 0, 0);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new RenderError('This browser could not draw the image.');
    return png;
  } finally {
    bitmap.close();
    canvas.width = 0;
    canvas.height = 0;
  }
}

/**
 * Draws the site's icons and link-preview card from public/favicon.svg with Debian's Chromium
 * (the one the browser journeys use), so no image library is needed. The outputs are committed
 * in public/; run `node scripts/generate-icons.ts` again after changing favicon.svg.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../playwright.config.ts';
import { root } from './client-build.ts';

const publicDir = path.join(root, 'public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const svgData = (text: string) =>
  `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;
// Square corners: iOS and Android round (or mask) the icon themselves.
const squareSvg = svg.replace(' rx="8"', '');

/** An .ico holding PNG images (every browser since IE Vista reads them). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((png) => png.data)]);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  async function draw(width: number, height: number, html: string): Promise<Buffer> {
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden;background:transparent}</style>${html}`,
    );
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
    return page.screenshot({ omitBackground: true, type: 'png' });
  }
  const icon = (size: number, source = svg) =>
    draw(
      size,
      size,
      `<img src="${svgData(source)}" style="display:block;width:${size}px;height:${size}px">`,
    );

  const small = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await icon(size) })),
  );
  writeFileSync(path.join(publicDir, 'favicon.ico'), ico(small));
  writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await icon(180, squareSvg));
  writeFileSync(path.join(publicDir, 'icon-192.png'), await icon(192));
  writeFileSync(path.join(publicDir, 'icon-512.png'), await icon(512));
  // Android crops a maskable icon to a circle or squircle: the mark stays inside the safe 80 %.
  const maskableSvg = squareSvg.replace(
    '<path ',
    '<path transform="translate(3.2 3.2) scale(0.8)" ',
  );
  writeFileSync(path.join(publicDir, 'icon-maskable-512.png'), await icon(512, maskableSvg));

  writeFileSync(
    path.join(publicDir, 'og-card.png'),
    await draw(
      1200,
      630,
      `<div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;display:flex;flex-direction:column;justify-content:center;gap:40px;background:linear-gradient(135deg,#eef2ff,#ffffff 60%);font-family:'DejaVu Sans',system-ui,sans-serif;color:#09090b">
        <div style="display:flex;align-items:center;gap:28px"><img src="${svgData(svg)}" style="width:120px;height:120px"><span style="font-size:88px;font-weight:700;letter-spacing:-2px">WikiLogos</span></div>
        <div style="font-size:52px;font-weight:600;line-height:1.2;max-width:960px">Every company logo, one search away</div>
        <div style="font-size:32px;color:#52525b">Find, preview and download logos from Wikimedia Commons. Free of ads.</div>
      </div>`,
    ),
  );
} finally {
  await browser.close();
}

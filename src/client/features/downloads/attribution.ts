import type { Logo } from '#shared/search/search.schemas.ts';

/* Credit for downloaded logos: the credit line, and every batch zip's ATTRIBUTION.md and manifest.json. */

export type AttributionFields = Pick<
  Logo,
  'title' | 'author' | 'license' | 'licenseUrl' | 'sourceUrl' | 'url' | 'source' | 'trademarked'
>;

export type ArchiveFileRecord = {
  fileName: string;
  logo: AttributionFields;
  /** SHA-256 of the stored bytes, lowercase hex. */
  sha256: string;
  bytes: number;
  /** When the file was fetched, ISO 8601. */
  retrievedAt: string;
};

export const ATTRIBUTION_FILE_NAME = 'ATTRIBUTION.md';
export const MANIFEST_FILE_NAME = 'manifest.json';
const MANIFEST_GENERATOR = 'WikiLogos';

const VIA: Record<Logo['source'], string> = {
  commons: 'via Wikimedia Commons',
  wikidata: 'via Wikimedia Commons',
  'simple-icons': 'via Simple Icons',
};

export function isAbsoluteUrl(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/**
 * A ready-to-paste credit line in the TASL order (title, author, source, license) that Wikimedia
 * Commons recommends, missing parts left out rather than guessed:
 *
 *   "Google 2015 logo" by Google Inc., via Wikimedia Commons, Public domain, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg
 */
export function creditLine(logo: AttributionFields): string {
  const withUrl: Link = (text, url) => (isAbsoluteUrl(url) ? `${text} (${url})` : text);
  // Bundled icons live at a relative /api/icons/… address, which means nothing once pasted.
  const link = sourceLink(logo);
  return [...creditParts(logo, withUrl, null), ...(link ? [link] : [])].join(', ');
}

type Link = (text: string, url: string | null | undefined) => string;

/** The credit's title (linked to `titleUrl`), author, source and license, each through `link`. */
function creditParts(logo: AttributionFields, link: Link, titleUrl: string | null): string[] {
  const title = logo.title.trim().replace(/"/g, "'") || 'Untitled logo';
  const author = logo.author?.trim();
  const linkedTitle = `"${link(title, titleUrl)}"`;
  const parts = [
    author ? `${linkedTitle} by ${link(author, null)}` : linkedTitle,
    VIA[logo.source],
  ];
  const license = logo.license?.trim();
  if (license) parts.push(link(license, logo.licenseUrl));
  return parts;
}

/** The page to credit: the source page, else the file itself; null for a relative address. */
function sourceLink(logo: AttributionFields): string | null {
  if (isAbsoluteUrl(logo.sourceUrl)) return logo.sourceUrl;
  if (isAbsoluteUrl(logo.url)) return logo.url;
  return null;
}

/**
 * Text that Markdown renders as itself: titles and authors come from Commons and may hold `*`,
 * `[`, `<` or line breaks, and a Markdown viewer must neither format them nor run them as HTML.
 */
export function markdownText(value: string): string {
  return value
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_[\]~|<>&]/g, (c) =>
      c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`,
    )
    .trim();
}

/** A url as a Markdown link destination: `<…>` form, with the characters that would end it encoded. */
export function markdownUrl(url: string): string {
  return `<${url.replace(/[\s<>]/g, (c) => encodeURIComponent(c))}>`;
}

function markdownLink(text: string, url: string | null | undefined): string {
  return isAbsoluteUrl(url) ? `[${markdownText(text)}](${markdownUrl(url)})` : markdownText(text);
}

/** The ways 'Copy attribution' can format the credit line: for a document, a web page, a README. */
export const ATTRIBUTION_FORMATS = ['text', 'html', 'markdown'] as const;
export type AttributionFormat = (typeof ATTRIBUTION_FORMATS)[number];

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function htmlLink(text: string, url: string | null | undefined): string {
  const label = escapeHtml(text.replace(/[\r\n]+/g, ' ').trim());
  return isAbsoluteUrl(url) ? `<a href="${escapeHtml(url)}">${label}</a>` : label;
}

/**
 * The credit line as plain text (`creditLine`), or as HTML or Markdown with the title linked to
 * its source page and the license to its text. Titles and authors come from Commons and may hold
 * markup: every value is escaped so a pasted credit shows as text, never runs.
 */
export function formatAttribution(logo: AttributionFields, format: AttributionFormat): string {
  if (format === 'text') return creditLine(logo);
  const link = format === 'html' ? htmlLink : markdownLink;
  return creditParts(logo, link, sourceLink(logo)).join(', ');
}

function attributionSection(file: ArchiveFileRecord, index: number): string {
  const { logo } = file;
  const title = logo.title.trim() || 'Untitled logo';
  const author = logo.author?.trim();
  const license = logo.license?.trim();
  const source = sourceLink(logo);
  const lines = [
    `## ${index + 1}. \`${file.fileName.replace(/`/g, "'")}\``,
    '',
    `- **Title:** ${markdownText(title)}`,
    `- **Author:** ${author ? markdownText(author) : 'Not recorded; see the source page.'}`,
    `- **License:** ${
      license
        ? markdownLink(license, logo.licenseUrl)
        : 'Not recorded; check the source page before you use this file.'
    }`,
    `- **Source page:** ${source ? markdownUrl(source) : markdownText(VIA[logo.source].replace(/^via /, ''))}`,
  ];
  if (isAbsoluteUrl(logo.url) && logo.url !== source) {
    lines.push(`- **Original file:** ${markdownUrl(logo.url)}`);
  }
  lines.push(
    `- **Trademark:** ${
      logo.trademarked
        ? 'The source page marks this logo as a trademark. Its license covers the copyright in the file only; using the mark may need the owner’s permission.'
        : 'Not marked as a trademark on the source page, but logos usually are trademarks of their owners.'
    }`,
    `- **Credit line:** ${markdownText(creditLine(logo))}`,
    `- **Retrieved:** ${markdownText(file.retrievedAt)}`,
    `- **SHA-256:** \`${file.sha256.replace(/[^0-9a-fA-F]/g, '')}\``,
  );
  return lines.join('\n');
}

/**
 * ATTRIBUTION.md for a zip: how to credit, then each file's title, author, license, source page
 * and a trademark note. Missing facts are said to be missing, never guessed.
 */
export function attributionMarkdown(
  files: readonly ArchiveFileRecord[],
  options: { generatedAt: string },
): string {
  const header = [
    '# Attribution',
    '',
    `Downloaded with WikiLogos on ${markdownText(options.generatedAt)}: ${files.length} ${files.length === 1 ? 'file' : 'files'}.`,
    '',
    'Each file keeps its own license; WikiLogos grants none. When you use a file, credit it as its',
    'license asks: usually the title, the author, the source and the license, with links. Each file',
    'below has a ready-made **Credit line** you can paste. Files in the public domain need no credit,',
    'but crediting them is still good practice.',
    '',
    'Logos are trademarks of their owners. A free license or the public domain covers the copyright in',
    'the file only, not the right to use the mark: do not suggest an endorsement or an affiliation.',
  ].join('\n');
  const sections = files.map((file, index) => attributionSection(file, index));
  return [header, ...sections].join('\n\n') + '\n';
}

/** manifest.json for a zip: machine-readable provenance of every file, with its SHA-256. */
export function archiveManifest(
  files: readonly ArchiveFileRecord[],
  options: { generatedAt: string },
): string {
  const manifest = {
    generator: MANIFEST_GENERATOR,
    generatedAt: options.generatedAt,
    files: files.map(({ fileName, logo, sha256, bytes, retrievedAt }) => ({
      fileName,
      title: logo.title,
      // The page to credit (the Commons file page); the file's url when there is no page.
      sourceUrl: logo.sourceUrl ?? logo.url,
      fileUrl: logo.url,
      license: logo.license,
      licenseUrl: logo.licenseUrl,
      author: logo.author,
      trademarked: logo.trademarked,
      retrievedAt,
      sha256,
      bytes,
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** SHA-256 of some bytes as lowercase hex, with WebCrypto (global in browsers and Node 24). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // WebCrypto refuses views on a SharedArrayBuffer; copy those (never the case for fetched files).
  const data: Uint8Array<ArrayBuffer> =
    bytes.buffer instanceof ArrayBuffer
      ? (bytes as Uint8Array<ArrayBuffer>)
      : new Uint8Array(bytes);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

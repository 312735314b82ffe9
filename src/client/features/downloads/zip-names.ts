/*
 * Names of the files WikiLogos produces: entries inside a batch zip, the zips themselves and the
 * consolidated SVG sheet. Pure: used by the browser and by tests in Node.
 */

const EXTENSIONS = ['svg', 'jpeg', 'jpg', 'png', 'gif', 'webp'] as const;

/** The batch zip. */
export const BATCH_ZIP_NAME = 'wikilogos_batch.zip';
/** The home page's sample batch: '{product}_batch_download.zip'. */
export const SAMPLES_ZIP_NAME = 'WikiLogos_batch_download.zip';

function extensionIn(text: string, pattern: (alternatives: string) => RegExp): string | null {
  const match = pattern(EXTENSIONS.join('|')).exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The name a logo is saved under (the zip-name rule in docs/product.md): the title with every
 * non-alphanumeric character replaced by an underscore, lowercased, plus the extension taken from
 * the url (.svg, .jpg or .jpeg, .png, .gif), else from a word in the title, else .svg.
 *
 * A title that already ends in its extension ('Google 2015 logo.svg') loses it first, so the file
 * is 'google_2015_logo.svg' rather than 'google_2015_logo_svg.svg'.
 */
export function logoFileName(logo: { title: string; url: string }): string {
  // The path only: Commons urls carry '?utm_…' parameters after the file name.
  const path = logo.url.split(/[?#]/, 1)[0] ?? '';
  const extension =
    extensionIn(path, (alternatives) => new RegExp(`\\.(${alternatives})$`, 'i')) ??
    extensionIn(logo.title, (alternatives) => new RegExp(`\\b(${alternatives})\\b`, 'i')) ??
    'svg';
  const title = logo.title.trim().replace(new RegExp(`\\.${extension}$`, 'i'), '');
  const base = title.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase() || 'logo';
  return `${base}.${extension}`;
}

/**
 * A namer for the entries of one archive: the first 'google_logo.svg' keeps its name, the next
 * ones become 'google_logo_2.svg', 'google_logo_3.svg'. Names are compared case-insensitively,
 * because unzipping onto Windows or macOS would otherwise overwrite one file with the other.
 */
export function createUniqueNamer(): (fileName: string) => string {
  const used = new Set<string>();
  return (fileName) => {
    const dot = fileName.lastIndexOf('.');
    const [base, extension] =
      dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
    let candidate = fileName;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      candidate = `${base}_${n}${extension}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** 'consolidated_logos-2026-11-21.svg': the sheet's name with the UTC date. */
export function consolidatedSheetName(now: Date): string {
  return `consolidated_logos-${now.toISOString().slice(0, 10)}.svg`;
}

/**
 * Whether a logo counts as SVG for consolidation: its url or title contains 'svg', in any case
 *. The sheet builder still parses each file and skips what is not really SVG.
 */
export function isSvgLogo(logo: { title: string; url: string }): boolean {
  return /svg/i.test(logo.url) || /svg/i.test(logo.title);
}

const EXTENSIONS = ['svg', 'jpeg', 'jpg', 'png', 'gif', 'webp'] as const;

function extensionIn(text: string, pattern: (alternatives: string) => RegExp): string | null {
  const match = pattern(EXTENSIONS.join('|')).exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The name a logo is saved under (spec 000 §5, the zip-name rule): the title with every
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

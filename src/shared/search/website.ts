/**
 * Search by website (docs/decisions/048-logo-history-and-search-by-website.md): which typed names
 * are a web address, and the host an official website (Wikidata P856) must have to match it.
 */

export type TypedWebsite = {
  /** The host without `www.`, lowercased: 'ikea.com'. */
  domain: string;
  /** The registrable label, the words to search Wikidata and to offer: 'ikea'. */
  label: string;
};

/**
 * Endings a bare name ('Booking.com', 'stripe.com') needs to count as a website; with a scheme or
 * `www.` any ending does. So 'Node.js' or 'Dr.Oetker' stay names.
 */
const COMMON_ENDINGS = new Set(
  (
    'com org net io co ai app dev info biz me tv xyz tech cloud shop store online site ' +
    'uk de fr es it nl be ch at se no dk fi pl pt ie us ca au nz jp cn kr in br mx ru eu'
  ).split(' '),
);
/** Second-level endings under a country ('bbc.co.uk' → 'bbc'). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or', 'gv']);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const ADDRESS = /^(?:(https?):\/\/)?([^/?#:\s]+)(?::\d{1,5})?([/?#]\S*)?$/i;

/** The website a typed name is, or null: a bare word, or anything with a space, never is. */
export function typedWebsite(name: string): TypedWebsite | null {
  const match = ADDRESS.exec(name.trim());
  if (!match) return null;
  const [, scheme, rawHost = '', path] = match;
  const host = rawHost.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  const ending = labels.at(-1) ?? '';
  if (!/^[a-z]{2,}$/.test(ending)) return null;
  const www = labels[0] === 'www';
  if (!scheme && !www && !path && !COMMON_ENDINGS.has(ending)) return null;
  const domain = www && labels.length > 2 ? labels.slice(1).join('.') : host;
  return { domain, label: registrableLabel(domain.split('.')) };
}

function registrableLabel(labels: string[]): string {
  const n = labels.length;
  const underCountry = n >= 3 && labels[n - 1]!.length === 2 && SECOND_LEVEL.has(labels[n - 2]!);
  return labels[underCountry ? n - 3 : n - 2]!;
}

/** The host of an official website address without `www.`, or null when it is not http(s). */
export function websiteDomain(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * Commons `extmetadata` values are HTML written by thousands of uploaders. WikiLogos shows them as
 * plain text, so this turns a fragment into text: no tags survive, entities are decoded once
 * (after tags are gone, so `&lt;script&gt;` stays the literal text "<script>"), whitespace is tidied.
 */

/** Elements whose content is never text a person should read. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'title',
  'head',
]);

/** Elements that start or end a line. */
const LINE_BREAKING = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'tr',
  'table',
  'caption',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'address',
  'figure',
  'figcaption',
]);

/** Table cells sit side by side: a space, not a new line. */
const SPACING = new Set(['td', 'th']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  prime: '\u2032',
  Prime: '\u2033',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  micro: '\u00b5',
  para: '\u00b6',
  sect: '\u00a7',
  dagger: '\u2020',
  Dagger: '\u2021',
  permil: '\u2030',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  curren: '\u00a4',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  shy: '\u00ad',
  ordf: '\u00aa',
  ordm: '\u00ba',
  sup1: '\u00b9',
  sup2: '\u00b2',
  sup3: '\u00b3',
  frac14: '\u00bc',
  frac12: '\u00bd',
  frac34: '\u00be',
  acute: '\u00b4',
  cedil: '\u00b8',
  uml: '\u00a8',
  macr: '\u00af',
  not: '\u00ac',
  brvbar: '\u00a6',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  lrm: '\u200e',
  rlm: '\u200f',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  harr: '\u2194',
  rArr: '\u21d2',
  hearts: '\u2665',
  star: '\u2606',
  check: '\u2713',
  infin: '\u221e',
  ne: '\u2260',
  le: '\u2264',
  ge: '\u2265',
  Agrave: '\u00c0',
  Aacute: '\u00c1',
  Acirc: '\u00c2',
  Atilde: '\u00c3',
  Auml: '\u00c4',
  Aring: '\u00c5',
  AElig: '\u00c6',
  Ccedil: '\u00c7',
  Egrave: '\u00c8',
  Eacute: '\u00c9',
  Ecirc: '\u00ca',
  Euml: '\u00cb',
  Igrave: '\u00cc',
  Iacute: '\u00cd',
  Icirc: '\u00ce',
  Iuml: '\u00cf',
  ETH: '\u00d0',
  Ntilde: '\u00d1',
  Ograve: '\u00d2',
  Oacute: '\u00d3',
  Ocirc: '\u00d4',
  Otilde: '\u00d5',
  Ouml: '\u00d6',
  Oslash: '\u00d8',
  Ugrave: '\u00d9',
  Uacute: '\u00da',
  Ucirc: '\u00db',
  Uuml: '\u00dc',
  Yacute: '\u00dd',
  THORN: '\u00de',
  szlig: '\u00df',
  agrave: '\u00e0',
  aacute: '\u00e1',
  acirc: '\u00e2',
  atilde: '\u00e3',
  auml: '\u00e4',
  aring: '\u00e5',
  aelig: '\u00e6',
  ccedil: '\u00e7',
  egrave: '\u00e8',
  eacute: '\u00e9',
  ecirc: '\u00ea',
  euml: '\u00eb',
  igrave: '\u00ec',
  iacute: '\u00ed',
  icirc: '\u00ee',
  iuml: '\u00ef',
  eth: '\u00f0',
  ntilde: '\u00f1',
  ograve: '\u00f2',
  oacute: '\u00f3',
  ocirc: '\u00f4',
  otilde: '\u00f5',
  ouml: '\u00f6',
  oslash: '\u00f8',
  ugrave: '\u00f9',
  uacute: '\u00fa',
  ucirc: '\u00fb',
  uuml: '\u00fc',
  yacute: '\u00fd',
  thorn: '\u00fe',
  yuml: '\u00ff',
  OElig: '\u0152',
  oelig: '\u0153',
  Scaron: '\u0160',
  scaron: '\u0161',
  Yuml: '\u0178',
  Zcaron: '\u017d',
  zcaron: '\u017e',
  fnof: '\u0192',
  circ: '\u02c6',
  tilde: '\u02dc',
  Alpha: '\u0391',
  Beta: '\u0392',
  Gamma: '\u0393',
  Delta: '\u0394',
  Omega: '\u03a9',
  alpha: '\u03b1',
  beta: '\u03b2',
  gamma: '\u03b3',
  delta: '\u03b4',
  epsilon: '\u03b5',
  lambda: '\u03bb',
  mu: '\u03bc',
  pi: '\u03c0',
  sigma: '\u03c3',
  omega: '\u03c9',
};

/** Windows-1252 meanings of C1 code points, as browsers decode `&#150;` and friends. */
const C1_REPLACEMENTS: Record<number, number> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

const LINE = '\n';

/**
 * Plain text of an HTML fragment, or null when nothing readable is left. Lines come from block
 * elements and `<br>`; any other whitespace collapses to single spaces.
 */
export function htmlToText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const out: string[] = [];
  let i = 0;
  const length = html.length;
  while (i < length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out.push(textOf(html.slice(i)));
      break;
    }
    if (lt > i) out.push(textOf(html.slice(i, lt)));

    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? length : end + 3;
      continue;
    }
    const next = html.charAt(lt + 1);
    if (!/[A-Za-z/!?]/.test(next)) {
      // "a < b": a '<' that cannot open a tag is text, as in a browser.
      out.push('<');
      i = lt + 1;
      continue;
    }
    const end = findTagEnd(html, lt + 1);
    if (end === -1) {
      // An unclosed tag swallows the rest: emitting it as text would hand back half a tag.
      break;
    }
    const tag = /^<(\/?)\s*([A-Za-z][A-Za-z0-9:-]*)/.exec(
      html.slice(lt, Math.min(end + 1, lt + 64)),
    );
    i = end + 1;
    if (!tag) continue; // <!DOCTYPE>, <?xml?>, </ >: nothing to show
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const close = new RegExp(`</\\s*${name}\\b[^>]*>`, 'ig');
      close.lastIndex = i;
      const match = close.exec(html);
      i = match ? match.index + match[0].length : length;
      out.push(' ');
      continue;
    }
    if (LINE_BREAKING.has(name)) out.push(LINE);
    else if (SPACING.has(name)) out.push(' ');
  }

  const text = out
    .join('')
    .split(LINE)
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line !== '')
    .join(LINE);
  return text === '' ? null : text;
}

/** Index of the '>' closing the tag that starts before `from`, honouring quoted attribute values. */
function findTagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let j = from; j < html.length; j++) {
    const c = html[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      // Only a quote that opens an attribute value (after '=') is a quote; `<p'>` is just odd.
      if (/=\s*$/.test(html.slice(Math.max(from, j - 8), j))) quote = c;
    } else if (c === '>') {
      return j;
    }
  }
  return -1;
}

/** Text between tags: entities decoded, control characters dropped, all whitespace as spaces. */
function textOf(raw: string): string {
  // Whitespace first (tabs and new lines are control characters too), then what is left.
  return decodeEntities(raw)
    .replace(/[\s\u00a0\u2028\u2029]+/g, ' ')
    .replace(/[\p{Cc}\u00ad]/gu, '');
}

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g,
    (entity, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? entity;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
      return codePointToString(code);
    },
  );
}

function codePointToString(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(C1_REPLACEMENTS[code] ?? code);
}

import { Parser } from 'htmlparser2';

/**
 * Commons `extmetadata` values are uploaders' HTML, shown as plain text. htmlparser2 tokenizes like
 * a browser and decodes entities once, in text only (`&lt;script&gt;` stays the text "<script>").
 */

/** Elements whose content is never text a person should read. */
const DROPPED_WITH_CONTENT = new Set(
  'script style template noscript textarea title head iframe'.split(' '),
);

/** Elements that start or end a line. */
const LINE_BREAKING = new Set(
  (
    'br p div li ul ol dl dt dd tr table caption blockquote h1 h2 h3 h4 h5 h6 hr pre section ' +
    'article header footer address figure figcaption'
  ).split(' '),
);

/** Table cells sit side by side: a space, not a new line. */
const SPACING = new Set(['td', 'th']);

const LINE = '\n';

/**
 * Plain text of an HTML fragment, or null when nothing readable is left. Block elements and `<br>`
 * make lines; other whitespace collapses to single spaces.
 */
export function htmlToText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const out: string[] = [];
  let dropped = 0;
  const boundary = (name: string) => {
    if (DROPPED_WITH_CONTENT.has(name)) out.push(' ');
    else if (LINE_BREAKING.has(name)) out.push(LINE);
    else if (SPACING.has(name)) out.push(' ');
  };
  const parser = new Parser({
    onopentag: (name) => {
      boundary(name);
      if (DROPPED_WITH_CONTENT.has(name)) dropped++;
    },
    onclosetag: (name) => {
      if (DROPPED_WITH_CONTENT.has(name)) dropped = Math.max(0, dropped - 1);
      boundary(name);
    },
    ontext: (text) => {
      if (dropped > 0) return;
      // Whitespace first (tabs and new lines are control characters too), then what is left.
      out.push(text.replace(/[\s\u00a0\u2028\u2029]+/g, ' ').replace(/[\p{Cc}\u00ad]/gu, ''));
    },
  });
  parser.end(html);

  const text = out
    .join('')
    .split(LINE)
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line !== '')
    .join(LINE);
  return text === '' ? null : text;
}

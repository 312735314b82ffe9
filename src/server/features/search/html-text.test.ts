import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text.ts';

/** Something a browser would parse as a tag: '<' then a letter, '/', '!' or '?'. */
const TAG_LIKE = /<[A-Za-z/!?]/;

describe('htmlToText', () => {
  it('returns null for nothing, empty strings and markup without text', () => {
    expect(htmlToText(null)).toBeNull();
    expect(htmlToText(undefined)).toBeNull();
    expect(htmlToText('')).toBeNull();
    expect(htmlToText('   \n\t ')).toBeNull();
    expect(htmlToText('<span class="x"></span><br/>')).toBeNull();
    expect(htmlToText('&nbsp;')).toBeNull();
  });

  it('keeps the text of Commons links and spans', () => {
    expect(htmlToText('<a href="//commons.wikimedia.org/wiki/User:X" title="User:X">X</a>')).toBe(
      'X',
    );
    expect(htmlToText('<span class="int-own-work" lang="en">Own work</span>')).toBe('Own work');
    expect(htmlToText('Photo by <bdi><a href="/wiki/User:Y">Y</a></bdi>, 2019')).toBe(
      'Photo by Y, 2019',
    );
  });

  it('decodes named and numeric entities', () => {
    expect(htmlToText('Procter &amp; Gamble')).toBe('Procter & Gamble');
    expect(htmlToText('&quot;G&quot; logo &#39;2015&#39;')).toBe('"G" logo \'2015\'');
    expect(htmlToText('1977&ndash;1998 &mdash; &copy; Apple&trade;')).toBe('1977–1998 — © Apple™');
    expect(htmlToText('MacBook&nbsp;Pro')).toBe('MacBook Pro');
    expect(htmlToText('&#123;braces&#125; &#x1F600; &#X41;')).toBe('{braces} 😀 A');
    expect(htmlToText('Caf&eacute; M&uuml;ller')).toBe('Café Müller');
    // Windows-1252 code points, as browsers read them.
    expect(htmlToText('&#150;')).toBe('–');
  });

  it('leaves unknown entities and bare ampersands alone, and never decodes twice', () => {
    expect(htmlToText('AT&T & friends &bogus;')).toBe('AT&T & friends &bogus;');
    expect(htmlToText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('replaces impossible code points instead of throwing', () => {
    expect(htmlToText('a&#0;b&#xD800;c&#x110000;d')).toBe('a\ufffdb\ufffdc\ufffdd');
  });

  it('keeps entity-encoded markup as literal text (the client renders text, not HTML)', () => {
    expect(htmlToText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });

  it('drops scripts and styles with their content', () => {
    expect(htmlToText('<script>alert("x")</script>Netflix <style>.a{color:red}</style>HQ')).toBe(
      'Netflix HQ',
    );
    expect(htmlToText('A<SCRIPT type="text/javascript">var s = "</p>";</SCRIPT >B')).toBe('A B');
    expect(htmlToText('before<script>never closed')).toBe('before');
  });

  it('strips hostile tags without leaving anything tag-like', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<img src=x onerror=alert(1)',
      '<a href="javascript:alert(1)" title="a>b">click</a>',
      "<div title='<img src=x>'>text</div>",
      '<<script>alert(1)</script>b>',
      '<svg><g onload="alert(1)"><text>hi</text></g></svg>',
      '<!-- <img src=x onerror=alert(1)> -->visible',
      '<!-- unclosed comment <img src=x>',
      '<iframe src="https://evil.example"></iframe>',
      '<b><i>nested <u>deep</u></i></b>',
      '<p<p>>odd</p>',
    ];
    for (const input of hostile) {
      const text = htmlToText(input);
      expect(text ?? '', input).not.toMatch(TAG_LIKE);
      expect(text ?? '', input).not.toContain('onerror');
      expect(text ?? '', input).not.toContain('alert');
    }
    expect(htmlToText('<a href="javascript:alert(1)" title="a>b">click</a>')).toBe('click');
    expect(htmlToText('<b><i>nested <u>deep</u></i></b>')).toBe('nested deep');
    expect(htmlToText('<!-- <img src=x onerror=alert(1)> -->visible')).toBe('visible');
  });

  it('treats a "<" that cannot open a tag as text', () => {
    expect(htmlToText('width < 200 px & height > 10')).toBe('width < 200 px & height > 10');
  });

  it('turns line-breaking elements into single new lines and collapses other whitespace', () => {
    expect(htmlToText('First line<br>Second<br/>Third')).toBe('First line\nSecond\nThird');
    expect(htmlToText('<p>One</p>\n\n<p>Two   words</p>')).toBe('One\nTwo words');
    expect(htmlToText('<ul><li>svg</li><li>png</li></ul>')).toBe('svg\npng');
    expect(htmlToText('  lots\tof \n\n white   space  ')).toBe('lots of white space');
    expect(htmlToText('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('a b');
  });

  it('removes control characters and soft hyphens', () => {
    expect(htmlToText('Wiki\u0000pe\u00addia\u0007')).toBe('Wikipedia');
  });
});

import { describe, expect, it } from 'vitest';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';
import { logoPair, variantForBackground } from './logo-variants.ts';

const light = testLogo({ title: 'Acme logo', dateAdded: '2020-01-01T00:00:00Z', size: 900 });
const dark = testLogo({ title: 'Acme logo white', author: 'Acme Design', license: 'CC BY 4.0' });
const pick = (logo: typeof light) => {
  const { title, url, thumbUrl, fileType, width, height } = logo;
  const { license, licenseUrl, author, sourceUrl } = logo;
  return { title, url, thumbUrl, fileType, width, height, license, licenseUrl, author, sourceUrl };
};
const variants = { light: pick(light), dark: pick(dark) };

describe('variantForBackground', () => {
  it('gives the file drawn for the background, with its own title, address and credit', () => {
    const logo = { ...light, variants };
    expect(variantForBackground(logo, 'light')).toBe(logo);
    const onDark = variantForBackground(logo, 'dark');
    expect(onDark).toMatchObject({
      title: 'Acme logo white',
      url: dark.url,
      sourceUrl: dark.sourceUrl,
      author: 'Acme Design',
      license: 'CC BY 4.0',
      variants,
      // What is known only of the other file is not claimed for this one.
      dateAdded: null,
      size: null,
    });
    // From the white file's card, a light background gets the other file.
    expect(variantForBackground({ ...dark, variants }, 'light')).toMatchObject({
      title: 'Acme logo',
      url: light.url,
    });
  });

  it('gives the logo itself when it has no version for that background', () => {
    expect(variantForBackground(light, 'dark')).toBe(light);
    const onlyDark = { ...light, variants: { dark: pick(dark) } };
    expect(variantForBackground(onlyDark, 'light')).toBe(onlyDark);
    expect(variantForBackground({ ...light, variants: null }, 'dark').title).toBe('Acme logo');
  });

  it('lists both versions of a pair, light first', () => {
    const pair = logoPair({ ...dark, variants });
    expect([pair?.light.title, pair?.dark.title]).toEqual(['Acme logo', 'Acme logo white']);
    expect(logoPair(light)).toBeNull();
  });
});

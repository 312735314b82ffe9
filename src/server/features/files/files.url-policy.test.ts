import { describe, expect, it } from 'vitest';
import { checkFileUrl } from './files.url-policy.ts';

const refused = (url: string, options?: Parameters<typeof checkFileUrl>[1]) => {
  const decision = checkFileUrl(url, options);
  return decision.kind === 'refused' ? decision.message : null;
};

describe('file URL policy', () => {
  it('allows Commons originals and thumbnails over https', () => {
    const original = checkFileUrl(
      'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
    );
    expect(original).toMatchObject({ kind: 'remote' });
    expect(
      checkFileUrl(
        'https://thumb.wikimedia.org/wikipedia/commons/thumb/2/2f/Google_2015_logo.svg/330px-Google_2015_logo.svg.png?utm_source=commons.wikimedia.org',
      ),
    ).toMatchObject({ kind: 'remote' });
    // The default port, written out, is the same origin.
    expect(checkFileUrl('https://upload.wikimedia.org:443/x.svg')).toMatchObject({
      kind: 'remote',
    });
  });

  it('serves our own icons without a request', () => {
    expect(checkFileUrl('/api/icons/github.svg')).toEqual({ kind: 'icon', slug: 'github' });
    expect(
      checkFileUrl('http://localhost:3000/api/icons/github.svg', {
        selfOrigin: 'http://localhost:3000',
      }),
    ).toEqual({
      kind: 'icon',
      slug: 'github',
    });
    expect(refused('/api/icons/../../etc/passwd.svg')).not.toBeNull();
    expect(refused('/api/files?url=x')).not.toBeNull();
  });

  it.each([
    ['http://127.0.0.1:5432/', /Only https:\/\/ addresses/],
    ['file:///etc/passwd', /Only https:\/\/ addresses/],
    ['http://upload.wikimedia.org/x.svg', /Only https:\/\/ addresses/],
    [
      'https://upload.wikimedia.org.evil.example/x.svg',
      /Only files on upload\.wikimedia\.org and thumb\.wikimedia\.org/,
    ],
    ['https://evil.example/upload.wikimedia.org/x.svg', /Only files on/],
    ['https://upload.wikimedia.org./x.svg', /Only files on/],
    ['https://169.254.169.254/latest/meta-data/', /Only files on/],
    ['https://user@upload.wikimedia.org/x', /user name or password/],
    ['https://user:secret@upload.wikimedia.org/x', /user name or password/],
    ['https://upload.wikimedia.org:8443/x', /standard port/],
    ['upload.wikimedia.org/x.svg', /not a full URL/],
    ['', /Give the address/],
  ])('refuses %s', (url, message) => {
    expect(refused(url)).toMatch(message);
  });

  it('refuses absurdly long addresses', () => {
    expect(refused(`https://upload.wikimedia.org/${'a'.repeat(3000)}`)).toMatch(/too long/);
  });

  it('can be pointed at another exact origin (tests use a local server)', () => {
    const options = { allowedOrigins: ['http://127.0.0.1:4010'] };
    expect(checkFileUrl('http://127.0.0.1:4010/logo.svg', options)).toMatchObject({
      kind: 'remote',
    });
    expect(refused('http://127.0.0.1:4011/logo.svg', options)).toMatch(/standard port/);
    expect(refused('https://upload.wikimedia.org/x.svg', options)).not.toBeNull();
  });
});

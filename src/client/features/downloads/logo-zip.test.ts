// The test runs in Node and checks manifest.json against a second, independent SHA-256
// implementation (the code under test uses WebCrypto).
// eslint-disable-next-line no-restricted-imports -- test-only, never bundled for the browser
import { createHash } from 'node:crypto';
import { strFromU8, Unzip, UnzipInflate, unzipSync, type Unzipped } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Logo } from '#shared/search/search.schemas.ts';
import { buildLogoZip, type ZipProgress } from './logo-zip.ts';

function logo(title: string, url: string, extra: Partial<Logo> = {}): Logo {
  return {
    title,
    url,
    thumbUrl: null,
    fileType: 'svg',
    dateAdded: null,
    description: null,
    size: null,
    width: null,
    height: null,
    license: 'CC BY-SA 4.0',
    sourceUrl: `https://commons.wikimedia.org/wiki/File:${title.replace(/ /g, '_')}`,
    searchTerm: 'google',
    source: 'commons',
    author: 'Wikimedia contributor',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    attributionRequired: true,
    trademarked: true,
    official: false,
    historical: false,
    brandColor: null,
    guidelinesUrl: null,
    ...extra,
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const svg = (label: string) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${label}</title>${'<path d="M0 0h10v10H0z"/>'.repeat(20)}</svg>`,
  );
const png = (size: number) => {
  const bytes = new Uint8Array(size).map((_, i) => (i * 7919) % 251);
  bytes.set(PNG_SIGNATURE);
  return bytes;
};

const googleA = logo(
  'Google logo',
  'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
);
const googleB = logo(
  'Google logo',
  'https://upload.wikimedia.org/wikipedia/commons/5/51/Google.svg',
  {
    license: 'Public domain',
    licenseUrl: null,
    author: null,
  },
);
const apple = logo(
  'Apple logo',
  'https://upload.wikimedia.org/wikipedia/commons/f/fa/Apple_logo_black.png',
  {
    fileType: 'png',
    license: 'CC0',
  },
);
const acme = logo('Acme logo png', 'https://example.org/files/acme?id=1', { fileType: 'png' });
const broken = logo(
  'Broken logo',
  'https://upload.wikimedia.org/wikipedia/commons/0/00/Broken.svg',
);
const github = logo('GitHub', '/api/icons/github.svg', {
  source: 'simple-icons',
  license: 'CC0 1.0',
  sourceUrl: 'https://github.com/logos',
  trademarked: false,
});

const bytesByUrl = new Map<string, Uint8Array>([
  [googleA.url, svg('Google 2015')],
  [googleB.url, svg('Google old')],
  [apple.url, png(4000)],
  [acme.url, png(2500)],
  [github.url, svg('GitHub')],
]);

/**
 * A stand-in for the /api/files proxy: answers from memory after a short, uneven delay, fails for
 * unknown urls, honours the abort signal and records how many requests were in flight at once.
 */
/** `delay`: how long a file takes, by its order; `null`, it never comes (only a cancel ends it). */
function fakeFiles(options: { delay?: (index: number) => number | null } = {}) {
  const stats = { inFlight: 0, maxInFlight: 0, started: 0, aborted: 0 };
  const fetchFile = (requested: Logo, signal: AbortSignal) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const index = stats.started++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      const finish = (settle: () => void) => {
        stats.inFlight--;
        signal.removeEventListener('abort', onAbort);
        settle();
      };
      const delay = options.delay ? options.delay(index) : (index % 3) * 3;
      const timer =
        delay === null
          ? undefined
          : setTimeout(
              () =>
                finish(() => {
                  const bytes = bytesByUrl.get(requested.url);
                  if (bytes) resolve(bytes);
                  else reject(new Error(`404: ${requested.url}`));
                }),
              delay,
            );
      const onAbort = () => {
        clearTimeout(timer);
        stats.aborted++;
        finish(() => reject(signal.reason));
      };
      signal.addEventListener('abort', onAbort);
    });
  return { fetchFile, stats };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function unzip(blob: Blob): Promise<Unzipped> {
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

/** Each entry's compression method as written in the archive (0 stored, 8 deflated). */
async function compressionMethods(blob: Blob): Promise<Record<string, number>> {
  const methods: Record<string, number> = {};
  const unzipper = new Unzip((file) => void (methods[file.name] = file.compression));
  unzipper.register(UnzipInflate);
  unzipper.push(new Uint8Array(await blob.arrayBuffer()), true);
  return methods;
}

const NOW = new Date('2026-11-21T10:00:00.000Z');
const selection = [googleA, googleB, apple, broken, acme, github];

describe('buildLogoZip', () => {
  it('names entries by the file-name rule in selection order, skips failures and reports them', async () => {
    const { fetchFile } = fakeFiles();
    const result = await buildLogoZip(selection, { fetchFile, now: () => NOW });

    expect(result.added).toBe(5);
    expect(result.failed).toEqual([broken]);
    expect(result.blob.type).toBe('application/zip');

    const entries = await unzip(result.blob);
    expect(Object.keys(entries)).toEqual([
      'google_logo.svg',
      'google_logo_2.svg',
      'apple_logo.png',
      'acme_logo_png.png',
      'github.svg',
      'ATTRIBUTION.md',
      'manifest.json',
    ]);
    expect(entries['google_logo.svg']).toEqual(bytesByUrl.get(googleA.url));
    expect(entries['google_logo_2.svg']).toEqual(bytesByUrl.get(googleB.url));
    expect(entries['apple_logo.png']).toEqual(bytesByUrl.get(apple.url));
    expect(Object.keys(entries).some((name) => name.startsWith('broken'))).toBe(false);
  });

  it('deflates SVG and text entries but stores already-compressed images', async () => {
    const { fetchFile } = fakeFiles();
    const { blob } = await buildLogoZip(selection, { fetchFile, now: () => NOW });
    expect(await compressionMethods(blob)).toEqual({
      'google_logo.svg': 8,
      'google_logo_2.svg': 8,
      'apple_logo.png': 0,
      'acme_logo_png.png': 0,
      'github.svg': 8,
      'ATTRIBUTION.md': 8,
      'manifest.json': 8,
    });
  });

  it('stamps every entry with the time of the download', async () => {
    const { fetchFile } = fakeFiles();
    const { blob } = await buildLogoZip([googleA], { fetchFile, now: () => NOW });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // The local header's DOS date and time (offsets 10–13), which is all a zip keeps.
    const view = new DataView(bytes.buffer);
    const time = view.getUint16(10, true);
    const date = view.getUint16(12, true);
    const local = NOW; // DOS times carry no zone: fflate writes the local time.
    expect(date >> 9).toBe(local.getFullYear() - 1980);
    expect((date >> 5) & 0xf).toBe(local.getMonth() + 1);
    expect(date & 0x1f).toBe(local.getDate());
    expect(time >> 11).toBe(local.getHours());
  });

  it('credits every added logo in ATTRIBUTION.md', async () => {
    const { fetchFile } = fakeFiles();
    const { blob } = await buildLogoZip(selection, { fetchFile, now: () => NOW });
    const attribution = strFromU8((await unzip(blob))['ATTRIBUTION.md']!);
    for (const added of [googleA, googleB, apple, acme, github]) {
      expect(attribution).toContain(added.title);
      expect(attribution).toContain(added.license!);
      expect(attribution).toContain(added.sourceUrl!);
    }
    expect(attribution).toContain('google_logo_2.svg');
    expect(attribution).not.toContain('Broken logo');
  });

  it('lists every file in manifest.json with the SHA-256 of the bytes in the archive', async () => {
    const { fetchFile } = fakeFiles();
    const { blob } = await buildLogoZip(selection, { fetchFile, now: () => NOW });
    const entries = await unzip(blob);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as {
      files: { fileName: string; sha256: string; bytes: number; retrievedAt: string }[];
    };
    const logoEntries = Object.keys(entries).filter(
      (name) => name !== 'ATTRIBUTION.md' && name !== 'manifest.json',
    );
    expect(manifest.files.map((f) => f.fileName)).toEqual(logoEntries);
    for (const file of manifest.files) {
      expect(file.sha256).toBe(sha256(entries[file.fileName]!));
      expect(file.bytes).toBe(entries[file.fileName]!.byteLength);
      expect(file.retrievedAt).toBe(NOW.toISOString());
    }
    expect(JSON.stringify(manifest)).toContain(apple.url);
  });

  it('reports progress after every logo, failures included, up to the total', async () => {
    const { fetchFile } = fakeFiles();
    const progress: ZipProgress[] = [];
    await buildLogoZip(selection, { fetchFile, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual(selection.map((_, i) => ({ done: i + 1, total: selection.length })));
  });

  it('never fetches more files at once than allowed, and does use the allowance', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      logo(`Logo ${i}`, i % 2 ? googleA.url : apple.url),
    );
    const { fetchFile, stats } = fakeFiles({ delay: (i) => 1 + ((i * 5) % 7) });
    const result = await buildLogoZip(many, { fetchFile, concurrency: 3 });
    expect(stats.started).toBe(20);
    expect(stats.maxInFlight).toBe(3);
    expect(result.added).toBe(20);

    const defaults = fakeFiles({ delay: () => 2 });
    await buildLogoZip(many, { fetchFile: defaults.fetchFile });
    expect(defaults.stats.maxInFlight).toBe(6);
  });

  it('writes entries in selection order whichever file arrives first', async () => {
    // The first file is the slowest.
    const { fetchFile } = fakeFiles({ delay: (i) => (i === 0 ? 30 : 1) });
    const { blob } = await buildLogoZip([googleA, googleB, apple], { fetchFile });
    expect(Object.keys(await unzip(blob)).slice(0, 3)).toEqual([
      'google_logo.svg',
      'google_logo_2.svg',
      'apple_logo.png',
    ]);
  });

  it('still produces an archive when every logo fails', async () => {
    const { fetchFile } = fakeFiles();
    const result = await buildLogoZip([broken, broken], { fetchFile });
    expect(result.added).toBe(0);
    expect(result.failed).toEqual([broken, broken]);
    const entries = await unzip(result.blob);
    expect(Object.keys(entries)).toEqual(['ATTRIBUTION.md', 'manifest.json']);
  });

  it('rejects with an AbortError and stops fetching when cancelled', async () => {
    const many = Array.from({ length: 30 }, (_, i) => logo(`Logo ${i}`, googleA.url));
    // The fourth file never comes, so it is still downloading when the third one completes
    // (a 50 ms one could finish first on a busy machine, leaving nothing in flight to cancel).
    const { fetchFile, stats } = fakeFiles({ delay: (i) => (i === 3 ? null : 1) });
    const controller = new AbortController();
    const building = buildLogoZip(many, {
      fetchFile,
      concurrency: 2,
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 3) controller.abort();
      },
    });
    await expect(building).rejects.toMatchObject({ name: 'AbortError' });
    const startedAtAbort = stats.started;
    // Nothing is in flight, so only an already-scheduled start could still come: let it run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stats.started).toBe(startedAtAbort);
    expect(stats.started).toBeLessThan(10);
    // The fetch still running when the user cancelled was cancelled too.
    expect(stats.aborted).toBeGreaterThan(0);
    expect(stats.inFlight).toBe(0);
  });

  it('rejects at once with an already-aborted signal, fetching nothing', async () => {
    const { fetchFile, stats } = fakeFiles();
    await expect(
      buildLogoZip(selection, { fetchFile, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(stats.started).toBe(0);
  });

  it('does not wait for a fetch that ignores the abort', async () => {
    const controller = new AbortController();
    const building = buildLogoZip([googleA], {
      fetchFile: () => new Promise<Uint8Array>(() => {}),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 5);
    await expect(building).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('buildLogoZip with PNG', () => {
  /** A stand-in for the browser's drawing: a PNG-signed file that says what it was drawn from. */
  const drawn: { from: string; width: number }[] = [];
  const renderPng = async (bytes: Uint8Array, width: number) => {
    const text = new TextDecoder().decode(bytes);
    if (!text.includes('<svg')) throw new Error('not an SVG');
    drawn.push({ from: /<title>(.*?)<\/title>/.exec(text)![1]!, width });
    const out = png(64);
    out.set(new TextEncoder().encode(`w=${width}`), 8);
    return out;
  };

  it("'SVG + PNG' holds both files for each SVG and the original of the rest, each credited", async () => {
    drawn.length = 0;
    const { fetchFile } = fakeFiles();
    const zip = await buildLogoZip([googleA, apple, github, googleB], {
      fetchFile,
      format: 'svg+png',
      renderPng,
      now: () => NOW,
    });
    expect(zip).toMatchObject({ added: 4, failed: [], notRendered: [] });
    const entries = await unzip(zip.blob);
    expect(Object.keys(entries)).toEqual([
      'google_logo.svg',
      'google_logo_512.png',
      'apple_logo.png',
      'github.svg',
      'github_512.png',
      'google_logo_2.svg',
      'google_logo_512_2.png',
      'ATTRIBUTION.md',
      'manifest.json',
    ]);
    // Drawn as each file arrives: every SVG once, at 512 px.
    expect(drawn.map((d) => `${d.from} @ ${d.width}`).sort()).toEqual([
      'GitHub @ 512',
      'Google 2015 @ 512',
      'Google old @ 512',
    ]);
    expect(strFromU8(entries['github_512.png']!.subarray(8, 13))).toBe('w=512');

    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as {
      files: { fileName: string; title: string; sha256: string; bytes: number }[];
    };
    expect(manifest.files.map((file) => [file.fileName, file.title])).toEqual([
      ['google_logo.svg', 'Google logo'],
      ['google_logo_512.png', 'Google logo'],
      ['apple_logo.png', 'Apple logo'],
      ['github.svg', 'GitHub'],
      ['github_512.png', 'GitHub'],
      ['google_logo_2.svg', 'Google logo'],
      ['google_logo_512_2.png', 'Google logo'],
    ]);
    for (const file of manifest.files) {
      expect(file.sha256, file.fileName).toBe(sha256(entries[file.fileName]!));
      expect(file.bytes).toBe(entries[file.fileName]!.byteLength);
    }
    const attribution = strFromU8(entries['ATTRIBUTION.md']!);
    expect(attribution).toContain('7 files');
    expect(attribution).toContain('## 5. `github_512.png`');
    // PNGs are stored, not deflated again.
    const methods = await compressionMethods(zip.blob);
    expect(methods['github_512.png']).toBe(0);
    expect(methods['github.svg']).toBe(8);
  });

  it("'PNG (512 px)' replaces SVGs with PNGs and keeps other files as they are", async () => {
    const { fetchFile } = fakeFiles();
    const zip = await buildLogoZip([github, acme, broken], {
      fetchFile,
      format: 'png',
      renderPng,
      now: () => NOW,
    });
    expect(zip).toMatchObject({ added: 2, failed: [broken], notRendered: [] });
    expect(Object.keys(await unzip(zip.blob))).toEqual([
      'github_512.png',
      'acme_logo_png.png',
      'ATTRIBUTION.md',
      'manifest.json',
    ]);
  });

  it('keeps the original of an SVG that cannot be drawn, and reports it', async () => {
    const odd = logo('Odd logo', 'https://example.org/odd.svg');
    bytesByUrl.set(odd.url, new TextEncoder().encode('not really an svg'));
    try {
      const { fetchFile } = fakeFiles();
      const pngOnly = await buildLogoZip([odd, github], { fetchFile, format: 'png', renderPng });
      expect(pngOnly.notRendered).toEqual([odd]);
      expect(pngOnly.added).toBe(2);
      expect(Object.keys(await unzip(pngOnly.blob))).toEqual([
        'odd_logo.svg',
        'github_512.png',
        'ATTRIBUTION.md',
        'manifest.json',
      ]);

      const both = await buildLogoZip([odd], { fetchFile, format: 'svg+png', renderPng });
      expect(both.notRendered).toEqual([odd]);
      expect(Object.keys(await unzip(both.blob))).toEqual([
        'odd_logo.svg',
        'ATTRIBUTION.md',
        'manifest.json',
      ]);
    } finally {
      bytesByUrl.delete(odd.url);
    }
  });

  it('counts a logo done only once its PNG is drawn', async () => {
    const { fetchFile } = fakeFiles();
    const events: string[] = [];
    await buildLogoZip([github, googleA], {
      fetchFile,
      format: 'png',
      concurrency: 1,
      renderPng: async (bytes, width) => {
        events.push('draw');
        return renderPng(bytes, width);
      },
      onProgress: ({ done, total }) => events.push(`${done}/${total}`),
    });
    expect(events).toEqual(['draw', '1/2', 'draw', '2/2']);
  });

  it('refuses a PNG format without a way to draw', async () => {
    await expect(
      buildLogoZip([github], { fetchFile: fakeFiles().fetchFile, format: 'png' }),
    ).rejects.toThrow('A PNG zip needs a renderPng function.');
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each hashed script, stylesheet and SVG,
 * which the server sends as they are (src/server/plugins/client.ts): the strongest settings cost
 * seconds once per build instead of CPU on every request. Files under 1 KB gain nothing.
 */
function precompressAssets(): Plugin {
  return {
    name: 'wikilogos:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /^assets\/.+\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir!, file);
          const bytes = await readFile(full);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${full}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

// The client is built into dist/client and served by the Fastify server (npm start), which renders
// each page first with the server build of the same code (`vite build --ssr entry-server.tsx`,
// into dist/server). In development (npm run dev) Vite serves the client with hot reload and
// proxies /api to the server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompressAssets()])],
  build: {
    outDir: isSsrBuild ? '../../dist/server' : '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: the chunk graph, read by the bench (`npm run bench`).
    manifest: !isSsrBuild,
    // The one large chunk is the SVG sheet builder (SVGO's parser, 170 KB gzip). It loads only when
    // someone consolidates logos, never with a page, so the default 500 kB warning is noise.
    chunkSizeWarningLimit: 650,
    // Everything start-app.tsx needs to hydrate the first page (React, the router, the query
    // client, the shell and the home page) is one file, `first-screen`, instead of ~30 small ones
    // a phone fetches a few at a time; start-app is an input of its own so the group can find that
    // set (tag `$initial`). main.tsx stays out of it: it loads start-app after the first paint
    // (docs/decisions/043-phone-fast-first-page.md). start-app.tsx stays out too: its top-level
    // await loads the page's lazy chunk, which imports the group — inside it, it would wait on itself.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: fileURLToPath(new URL('src/client/index.html', import.meta.url)),
            'start-app': fileURLToPath(new URL('src/client/start-app.tsx', import.meta.url)),
          },
          output: {
            codeSplitting: {
              groups: [
                // main.tsx imports Vite's preload helper: it must not pull the big group in with it.
                { name: 'preload-helper', test: /^\0vite\/preload-helper/, priority: 1 },
                {
                  name: 'first-screen',
                  tags: ['$initial'],
                  test: (id) =>
                    !id.startsWith('\0') &&
                    !/[\\/]src[\\/]client[\\/](index\.html|main\.tsx|styles\.css|start-app\.tsx)$/.test(
                      id,
                    ),
                },
              ],
            },
          },
        },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001' },
    },
  },
}));

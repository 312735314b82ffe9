import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The client is built into dist/client and served by the Fastify server (npm start), which renders
// each page first with the server build of the same code (`vite build --ssr entry-server.tsx`,
// into dist/server). In development (npm run dev) Vite serves the client with hot reload and
// proxies /api to the server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: isSsrBuild ? '../../dist/server' : '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: the chunk graph, read by the bench (`npm run bench`).
    manifest: !isSsrBuild,
    // The one large chunk is the SVG sheet builder (SVGO's parser, 170 KB gzip). It loads only when
    // someone consolidates logos, never with a page, so the default 500 kB warning is noise.
    chunkSizeWarningLimit: 650,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001' },
    },
  },
}));

// The files section of `npm run bench`: a batch's logo files through /api/files, cold (every file
// from the file host) and warm (from the files cache). The file proxy only fetches from
// Wikimedia's hosts unless code says otherwise, never the environment, so the /api/files route
// plugin runs here in process, pointed at the Wikimedia stand-in.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { openFilesCache } from '../src/server/features/files/files-cache.ts';
import { createFilesRoutes } from '../src/server/features/files/files.routes.ts';
import { registerErrorHandler } from '../src/server/plugins/errors.ts';
import { startWikimediaFake } from '../tests/fakes/wikimedia-fake.ts';
import { ms, timedGet, type Row } from './bench-lib.ts';

const LOGOS = 50;
const UPSTREAM_LATENCY_MS = 100;
// As the batch download fetches its files (ZIP_FETCH_CONCURRENCY in
// src/client/features/downloads/hooks/use-batch-download.ts).
const BATCH_CONCURRENCY = 4;
const WARM_BUDGET_MS = 300;

export async function filesBenchRows(): Promise<Row[]> {
  const fake = await startWikimediaFake({ wikidataPort: null });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-files-'));
  const app = Fastify();
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(
      createFilesRoutes(
        {
          userAgent: 'WikiLogos/0.1 (bench)',
          allowedOrigins: [fake.url],
          // As FILES_CACHE_MB's default.
          cache: await openFilesCache({ dir: path.join(dir, 'files-cache'), maxBytes: 512 << 20 }),
        },
        // Speed, not the per-address budget, is measured.
        { filesPerMinute: 1_000_000, bytesPerMinute: 1024 ** 4 },
      ),
      { prefix: '/api' },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    fake.setLatency(UPSTREAM_LATENCY_MS);
    const urls = Array.from({ length: LOGOS }, (_, i) => {
      const file = `${fake.url}/wikipedia/commons/${i % 10}/${i % 10}${i % 7}/Bench_logo_${i}.svg`;
      return `${base}/api/files?url=${encodeURIComponent(file)}`;
    });
    const batch = async () => {
      fake.resetRequests();
      const started = performance.now();
      await pLimit(BATCH_CONCURRENCY).map(urls, (url) => timedGet(url));
      return { ms: performance.now() - started, upstream: fake.fileRequests().length };
    };
    const cold = await batch();
    const warm = await batch();
    const figure = `${LOGOS} Commons logos as a batch fetches them (${BATCH_CONCURRENCY} at a time), upstream at ${UPSTREAM_LATENCY_MS} ms`;
    return [
      {
        figure: `${figure}: cold (upstream requests)`,
        value: `${ms(cold.ms)} (${cold.upstream})`,
        budget: 'reported',
        pass: null,
      },
      {
        figure: `${figure}: warm, from the files cache (upstream requests)`,
        value: `${ms(warm.ms)} (${warm.upstream})`,
        budget: `warm ≤ ${WARM_BUDGET_MS} ms, 0 upstream`,
        pass: warm.ms <= WARM_BUDGET_MS && warm.upstream === 0,
      },
    ];
  } finally {
    await app.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

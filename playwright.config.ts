import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Workers re-read this file; the port and data folder chosen by the main process reach them
// through the environment, so every process talks to the same server.
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})',
  ])
    .toString()
    .trim();
process.env.E2E_PORT ??= freePort();
// The local Wikimedia stand-in (tests/fakes): Commons and Wikidata on two ports, as two hosts in production.
process.env.E2E_FAKE_PORT ??= freePort();
process.env.E2E_FAKE_WIKIDATA_PORT ??= freePort();
process.env.E2E_OIDC_PORT ??= freePort();
// The local Stripe stand-in (tests/fakes/stripe-fake.ts): API, hosted checkout page and signed webhooks.
process.env.E2E_STRIPE_PORT ??= freePort();
process.env.E2E_FAKE_URL ??= `http://127.0.0.1:${process.env.E2E_FAKE_PORT}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'wikilogos-e2e-'));

const port = process.env.E2E_PORT;
const baseURL = `http://localhost:${port}`;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A busy 2-core runner can take over a minute to start the server and its stand-ins.
const started = {
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Journeys that run several axe scans take ~15 s alone and twice that on a busy 2-core runner.
  timeout: 60_000,
  // A check waits for the state it needs; on a busy 2-core runner that can take longer than 5 s.
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL,
    // DOM snapshots of each step, without the screencast that costs every journey its frames.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The app honours reduced motion (src/client/styles.css): dialogs, menus and toasts open and
    // close at once, so no journey waits for an animation or acts on an element still moving.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      // Debian's Chromium as root in a sandbox-less container, with no background traffic.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@mobile/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: [
    {
      command: `node tests/fakes/wikimedia-fake.ts --port ${process.env.E2E_FAKE_PORT} --wikidata-port ${process.env.E2E_FAKE_WIKIDATA_PORT}`,
      url: `${process.env.E2E_FAKE_URL}/__health`,
      ...started,
    },
    {
      // A local OpenID Connect provider standing in for Google.
      command: `node tests/fakes/oidc-fake.ts --port ${process.env.E2E_OIDC_PORT}`,
      url: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}/.well-known/openid-configuration`,
      ...started,
    },
    {
      // Stripe's API and hosted checkout page; it signs webhooks to the app with the same secret.
      command: `node tests/fakes/stripe-fake.ts --port ${process.env.E2E_STRIPE_PORT} --webhook-url http://127.0.0.1:${port}/api/stripe/webhook --webhook-secret whsec_e2e`,
      url: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/__health`,
      ...started,
    },
    {
      // The built client (scripts/test.ts builds it first) served by the real server on a fresh database.
      command: 'node src/server/server.ts',
      url: `${baseURL}/api/health`,
      ...started,
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        // React's production build renders the pages, as `npm start` runs it (scripts/start.ts):
        // its development build renders them slower and is not what visitors get.
        NODE_ENV: 'production',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // The journeys run on the embedded defaults. The webServer inherits the runner's environment,
        // and CI sets REDIS_URL for the Vitest suites: a Redis search cache they filled with the
        // same stand-in's answers would hide the upstream faults a journey sets up.
        DATABASE_URL: '',
        REDIS_URL: '',
        ADMIN_PASSWORD: 'e2e-admin-password',
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: 'wikilogos-e2e',
        GOOGLE_CLIENT_SECRET: 'wikilogos-e2e-secret',
        OIDC_ISSUER: `http://localhost:${process.env.E2E_OIDC_PORT}`,
        COMMONS_API_URL: `${process.env.E2E_FAKE_URL}/commons/w/api.php`,
        WIKIDATA_API_URL: `http://127.0.0.1:${process.env.E2E_FAKE_WIKIDATA_PORT}/wikidata/w/api.php`,
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
        // Journeys run in parallel from one address; the per-address limit is tested elsewhere.
        RATE_LIMIT_PER_MINUTE: '100000',
        SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
        GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: '100000',
        FILES_PER_MINUTE: '100000',
        FILE_BYTES_PER_MINUTE: '100GB',
      },
    },
  ],
});

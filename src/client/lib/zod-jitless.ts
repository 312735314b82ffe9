// Imported first by start-app.tsx. The CSP forbids eval, so zod's `new Function` probe would only
// be reported as a CSP violation; `jitless` skips it. zod adopts this global config object, so
// setting it directly (not via zod's `config()`) keeps zod out of the home route's initial bundle.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

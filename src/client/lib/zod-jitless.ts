// Imported first by start-app.tsx. The Content-Security-Policy allows no eval, so zod's faster
// `new Function` parsers can never run here; without `jitless` zod still probes for them on the
// first object parse, and Chromium reports the refused probe as a CSP violation (an 'Issues'
// entry that costs Lighthouse's best-practices score). Parsing is unchanged.
//
// zod keeps its config on this global object (zod/v4/core `config()` writes the same one) and
// adopts an existing one; setting it here, rather than importing zod, keeps zod out of the home
// route's initial JavaScript (importing `config` moved 3.7 KB gzip of zod into it). Whichever
// loads first, both end up with the same object, and the probe only runs at the first parse.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

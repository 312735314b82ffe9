// Loaded into the server by the soak bench only (`node --expose-gc --import bench/heap-probe.ts`).
// On SIGUSR2 it runs two full garbage collections and prints the memory still held: the V8 heap in
// use and `external` (native memory owned by JavaScript objects, PGlite's WebAssembly heap among
// it). A leak grows this; heap capacity and allocator pages the process has not handed back grow
// RSS without it, in steps that plateau — which is why the budget reads this and not RSS.
// `globalThis.gc` exists only under --expose-gc.
const collectGarbage = globalThis.gc;

process.on('SIGUSR2', () => {
  if (!collectGarbage) return;
  void collectGarbage();
  void collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  process.stdout.write(`HEAP_PROBE ${JSON.stringify({ heapUsed, external })}\n`);
});

export {};

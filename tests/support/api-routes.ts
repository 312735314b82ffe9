import type { FastifyInstance } from 'fastify';

/**
 * `METHOD /path` for every /api route the app serves (HEAD and OPTIONS left out), read from
 * Fastify's printRoutes({ commonPrefix: false }) tree, which lists each route's path segments one
 * level per line. Tests that must cover every route (the authorization matrix, the bad-input
 * properties) compare their tables against it.
 */
export function servedApiRoutes(app: FastifyInstance): string[] {
  const served = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match =
      /^([│\s]*)[└├]── (\S+) \(([^)]+)\)/.exec(line) ?? /^([│\s]*)[└├]── (\S+)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const methods = match[3]
      ?.split(',')
      .map((m) => m.trim())
      .filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    const full = stack.join('').replace(/\/+/g, '/');
    if (!full.startsWith('/api')) continue;
    for (const method of methods ?? []) served.add(`${method} ${full}`);
  }
  return [...served];
}

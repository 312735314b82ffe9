import { describe, expect, it } from 'vitest';
import { createRequestLimit } from './upstream-scope.ts';

/** A request that ends when told to, recording that it started. */
function controllable(started: string[], name: string) {
  const { promise, resolve } = Promise.withResolvers<string>();
  return { request: () => (started.push(name), promise), end: () => resolve(name) };
}

/** Lets every callback already due run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createRequestLimit', () => {
  it('keeps at most the limit in flight, starting the next as one ends', async () => {
    const run = createRequestLimit(2);
    const started: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => controllable(started, name));
    const answers = calls.map((call) => run(call.request));
    await settle();
    expect(started).toEqual(['a', 'b']);
    calls[0]!.end();
    await expect(answers[0]).resolves.toBe('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const call of calls.slice(1)) call.end();
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts a `first` request ahead of those already waiting; a failure frees its place', async () => {
    const run = createRequestLimit(1);
    const started: string[] = [];
    const busy = controllable(started, 'busy');
    const waiting = controllable(started, 'waiting');
    const urgent = controllable(started, 'urgent');
    const answers = [run(busy.request), run(waiting.request), run(urgent.request, { first: true })];
    const failed = run(() => Promise.reject(new Error('upstream down')));
    busy.end();
    await answers[0];
    await settle();
    expect(started).toEqual(['busy', 'urgent']);
    urgent.end();
    waiting.end();
    await expect(Promise.all(answers)).resolves.toEqual(['busy', 'waiting', 'urgent']);
    await expect(failed).rejects.toThrow('upstream down');
    await expect(run(async () => 'after')).resolves.toBe('after');
  });
});

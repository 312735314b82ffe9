import { describe, expect, it } from 'vitest';
import { compactKey, normaliseWords } from './normalise-words.ts';
import { boundedEditDistance } from './text-match.ts';

describe('normaliseWords', () => {
  it('drops accents, case and punctuation', () => {
    expect(normaliseWords('Société Radio-Canada')).toBe('societe radio canada');
    expect(normaliseWords('  AT&T  ')).toBe('at t');
    expect(compactKey('Git Hub')).toBe('github');
  });
});

describe('boundedEditDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    expect(boundedEditDistance('github', 'github', 2)).toBe(0);
    expect(boundedEditDistance('gihub', 'github', 2)).toBe(1);
    expect(boundedEditDistance('spotfy', 'spotify', 2)).toBe(1);
    expect(boundedEditDistance('appel', 'apple', 2)).toBe(1);
    expect(boundedEditDistance('gooogle', 'google', 2)).toBe(1);
    expect(boundedEditDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('stops at max + 1 when the words are further apart', () => {
    expect(boundedEditDistance('microsoft', 'microstation', 2)).toBe(3);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('character masks', () => {
  it('never rule out strings that are within the allowed edits', async () => {
    const { charMask, masksAllow, boundedEditDistance } = await import('./text-match.ts');
    const words = [
      'github',
      'gihub',
      'githbu',
      'spotify',
      'spotfy',
      'sptify',
      'microsoft',
      'micorsoft',
      'figma',
      'fgima',
      'netflix',
      'netflx',
    ];
    for (const a of words) {
      for (const b of words) {
        for (const max of [1, 2]) {
          if (boundedEditDistance(a, b, max) <= max)
            expect(masksAllow(charMask(a), charMask(b), max), `${a}/${b}`).toBe(true);
        }
      }
    }
    expect(masksAllow(charMask('coldbench'), charMask('github'), 2)).toBe(false);
  });
});

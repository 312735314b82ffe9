import { describe, expect, it } from 'vitest';
import {
  batchCompleteText,
  consolidationCompleteText,
  limitReachedText,
  remainingSentence,
} from './batch-messages.ts';

const answer = (downloadCount: number, isSubscribed = false) => ({
  success: true as const,
  recorded: 3,
  isSubscribed,
  downloadCount,
  limit: 10,
});

describe('batch toasts', () => {
  it('counts the downloaded logos, and the skipped ones when a fetch failed', () => {
    expect(batchCompleteText(3, 0, answer(3, true))).toBe('Successfully downloaded 3 logos.');
    expect(batchCompleteText(2, 1, null)).toBe(
      'Successfully downloaded 2 logos. 1 logo could not be fetched and was skipped.',
    );
    expect(batchCompleteText(1, 4, null)).toBe(
      'Successfully downloaded 1 logo. 4 logos could not be fetched and were skipped.',
    );
  });

  it('says which SVGs could not be converted to PNG and went in as their originals', () => {
    expect(batchCompleteText(3, 0, null, 1)).toBe(
      'Successfully downloaded 3 logos. 1 logo could not be converted to PNG, so only its original file is included.',
    );
    expect(batchCompleteText(3, 1, null, 2)).toBe(
      'Successfully downloaded 3 logos. 1 logo could not be fetched and was skipped. 2 logos could not be converted to PNG, so only their original files are included.',
    );
  });

  it('tells a free user what is left this month, and nothing to a subscriber', () => {
    expect(remainingSentence(answer(7))).toBe(' You have 3 free downloads remaining this month.');
    expect(remainingSentence(answer(10))).toBe(
      " You've reached your download limit for this month.",
    );
    expect(remainingSentence(answer(12))).toBe(
      " You've reached your download limit for this month.",
    );
    expect(remainingSentence(answer(2, true))).toBe('');
    expect(remainingSentence(null)).toBe('');
  });

  it("reads the limit refusal's counts, with the default counts when they are missing", () => {
    expect(
      limitReachedText("You've reached your monthly download limit.", {
        message: "You've reached your monthly download limit.",
        downloadCount: 10,
        limit: 10,
      }),
    ).toBe(
      "You've reached your monthly download limit. You've used 10 of your 10 free downloads this month.",
    );
    expect(limitReachedText('No.', null)).toBe(
      "No. You've used 0 of your 10 free downloads this month.",
    );
  });

  it('says how many logos the sheet holds and what was left out', () => {
    expect(consolidationCompleteText(3, 0, 0)).toBe(
      'Successfully combined 3 logos into a single SVG file.',
    );
    expect(consolidationCompleteText(2, 1, 2)).toBe(
      'Successfully combined 2 logos into a single SVG file. 1 logo could not be processed and was skipped. 2 logos are not SVGs and were left out.',
    );
    expect(consolidationCompleteText(4, 0, 0, 'png')).toBe(
      'Successfully combined 4 logos into a single PNG file.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { groupedCount } from '../../ui/numbers.js';
import { seededRandom, testSeed } from '../helpers/sources.js';

describe("the page's counts", () => {
  // Node's own Intl (full ICU) is the reference: the page writes what `toLocaleString('en-US')` wrote before.
  const reference = (count: number) => count.toLocaleString('en-US');

  it('are grouped by threes with commas at every length', () => {
    const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 12_345_678, 999_999_999_999];
    for (const count of edges) expect(groupedCount(count), String(count)).toBe(reference(count));
  });

  it('as Intl writes them, on a seeded sample of whole numbers of every size', () => {
    const random = seededRandom(testSeed('page counts'));
    for (let at = 0; at < 10_000; at++) {
      const count = Math.floor(random() * 10 ** Math.floor(random() * 13));
      expect(groupedCount(count), String(count)).toBe(reference(count));
    }
  });
});

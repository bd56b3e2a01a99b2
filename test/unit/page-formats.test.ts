import { describe, expect, it, vi } from 'vitest';
import { utcMinute } from '../../ui/dates.js';
import { groupedCount } from '../../src/core/grouped-count.js';
import { seededRandom, testSeed } from '../helpers/sources.js';

// Node's own Intl (full ICU) is the reference: the page writes what its calls of Intl wrote before.

describe("the page's counts", () => {
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

describe("the page's moments", () => {
  const reference = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

  it('are written in UTC to the minute, every month named as Intl names it', () => {
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, month + 1, month * 2, month * 5, 59, 999)).toISOString();
      expect(utcMinute(iso), iso).toBe(reference(iso));
    }
    for (const iso of ['2026-11-30T23:59:59.999Z', '2026-01-01T00:00:00Z', '2026-06-03T12:34:56+02:00', 'not a date'])
      expect(utcMinute(iso), iso).toBe(reference(iso));
  });

  it('as Intl writes them, on a seeded sample of moments from 2000 to 2100', () => {
    const random = seededRandom(testSeed('page moments'));
    const [from, to] = [Date.UTC(2000, 0, 1), Date.UTC(2100, 0, 1)];
    for (let at = 0; at < 10_000; at++) {
      const iso = new Date(from + Math.floor(random() * (to - from))).toISOString();
      expect(utcMinute(iso), iso).toBe(reference(iso));
    }
  });
});

describe("the page's counts and moments", () => {
  it('ask nothing of Intl, whose first use in a page loads its locale data', () => {
    const watched = [
      vi.spyOn(Number.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleString'),
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'DateTimeFormat'),
    ];
    try {
      expect(groupedCount(1_234_567)).toBe('1,234,567');
      expect(utcMinute('2026-09-03T05:07:00Z')).toBe('3 Sept 2026, 05:07');
      for (const spy of watched) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of watched) spy.mockRestore();
    }
  });
});

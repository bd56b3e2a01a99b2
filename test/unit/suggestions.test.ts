import { describe, expect, it } from 'vitest';
import { closestStoredNames, MAX_NAME_READS, NAMES_PER_READ, type SortedNames } from '../../src/data/search/thread/closest-stored-names.js';
import { closestNames } from '../../src/util/edit-distance.js';
import { spelledBackwards } from '../../src/data/search-index/set-index.js';
import { largeIconifyPack } from '../helpers/large-pack.js';
import { allNames, FAST_TIER, readInstalledPack, seededRandom } from '../helpers/sources.js';

/*
 * The suggestions after a miss come from a bounded number of reads of the
 * pack's sorted names, whatever the pack's size: the same few for a pack of
 * 200,000 names as for one of 2,000, and still the close names a scan of
 * every name ranks first.
 */

/** A pack's names in order from either end, as the catalog's indexes give them, counting every read and every name read. */
class CountedNames implements SortedNames {
  reads = 0;
  namesRead = 0;
  private readonly forwards: string[];
  private readonly backwards: string[];

  constructor(names: readonly string[]) {
    this.forwards = [...names].sort();
    this.backwards = names.map(spelledBackwards).sort();
  }

  from(bound: string, count: number): string[] {
    return this.take(this.forwards, bound, count);
  }

  backwardsFrom(bound: string, count: number): string[] {
    return this.take(this.backwards, bound, count);
  }

  private take(sorted: readonly string[], bound: string, count: number): string[] {
    this.reads++;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < bound) low = middle + 1;
      else high = middle;
    }
    const taken = sorted.slice(low, low + count);
    this.namesRead += taken.length;
    return taken;
  }
}

/** Fixed unless TEST_SEED is set, and printed, so that a failing sample can be replayed. */
function seed(label: string): number {
  const value = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : 20_240_611;
  console.log(`${label}: seed ${value} (replay with TEST_SEED=${value})`);
  return value;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789-';

/** `name` with one edit at a random place: a letter deleted, replaced, inserted, or swapped with the next. */
function misspelt(name: string, random: () => number): string {
  const at = Math.floor(random() * name.length);
  const letter = LETTERS[Math.floor(random() * LETTERS.length)]!;
  switch (Math.floor(random() * 4)) {
    case 0:
      return name.slice(0, at) + name.slice(at + 1);
    case 1:
      return name.slice(0, at) + letter + name.slice(at + 1);
    case 2:
      return name.slice(0, at) + letter + name.slice(at);
    default:
      return at + 1 < name.length ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2) : name + letter;
  }
}

describe('closestStoredNames', () => {
  it('finds the close names of a small pack as the scan of every name does', () => {
    const names = ['home', 'home-outline', 'home-account', 'house', 'account', 'hook', 'theme-light-dark', 'menu'];
    expect(closestStoredNames('hoem', new CountedNames(names)).names).toEqual(['home', 'home-account', 'home-outline']);
    expect(closestStoredNames('acount', new CountedNames(names)).names).toEqual(['account']);
    expect(closestStoredNames('zzzz', new CountedNames(names)).names).toEqual([]);
    for (const query of ['hoem', 'acount', 'hous', 'them-light', 'men', 'HOME-OUTLNE']) {
      expect(closestStoredNames(query, new CountedNames(names)).names, query).toEqual(closestNames(query, names));
    }
  });

  it('ranks first, in real packs, the name a scan of every name ranks first, wherever the edit is', () => {
    const random = seededRandom(seed('misspelt names'));
    const problems: string[] = [];
    for (const id of ['mdi', 'lucide']) {
      // Queries are cut to 48 characters: a misspelt longer name is no longer the whole of one.
      const names = allNames(readInstalledPack(id));
      const sorted = new CountedNames(names);
      const short = names.filter((name) => name.length <= 40);
      // Each query scans every name: fewer in the inner loop's tier.
      for (let i = 0; i < (FAST_TIER ? 40 : 100); i++) {
        const query = misspelt(short[Math.floor(random() * short.length)]!, random);
        const found = closestStoredNames(query, sorted).names;
        const expected = closestNames(query, names)[0];
        if (found[0] !== expected) problems.push(`${id}/${query}: ${found[0]} instead of ${expected}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads as few names of a pack of 200,000 as of one of 2,000, and finds the closest in both', () => {
    const random = seededRandom(seed('queries on large and small packs'));
    const work = (count: number) => {
      const names = Object.keys(largeIconifyPack('sized', count).icons);
      const queries = [
        `icon-${count / 2 - 1}x`,
        `icn-${count / 4}`,
        'xicon-7',
        'hoem',
        'i',
        'x'.repeat(48),
        ...Array.from({ length: 40 }, () => misspelt(names[Math.floor(random() * names.length)]!, random)),
        ...Array.from({ length: 10 }, () => Array.from({ length: 1 + Math.floor(random() * 60) }, () => LETTERS[Math.floor(random() * 37)]).join('')),
      ];
      const sorted = new CountedNames(names);
      let mostReads = 0;
      let mostNames = 0;
      for (const query of queries) {
        sorted.reads = 0;
        sorted.namesRead = 0;
        closestStoredNames(query, sorted);
        mostReads = Math.max(mostReads, sorted.reads);
        mostNames = Math.max(mostNames, sorted.namesRead);
      }
      return { mostReads, mostNames, first: closestStoredNames(`icon-${count / 2 - 1}x`, sorted).names[0] };
    };
    const small = work(2_000);
    const large = work(200_000);
    console.log(`most reads and names read for a miss: ${JSON.stringify({ small, large })}`);
    for (const sized of [small, large]) {
      expect(sized.mostReads).toBeLessThanOrEqual(MAX_NAME_READS);
      expect(sized.mostNames).toBeLessThanOrEqual(MAX_NAME_READS * NAMES_PER_READ);
    }
    expect(small.first).toBe('icon-999');
    expect(large.first).toBe('icon-99999');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { INSTALLED_JSON_DIR } from '../helpers/sources.js';

/*
 * The judged queries of search by meaning (test/fixtures/relevance-queries.json)
 * and the equivalents across packs (test/fixtures/equivalents.json, and
 * equivalents-held-out.json, kept apart from tuning) hold
 * what they claim: enough cases, and right answers that the packs they are
 * judged in can give.
 */

interface Judged {
  packs: string[];
  queries: Array<{ q: string; kind: 'meaning' | 'typo' | 'name' | 'jargon' | 'action' | 'photo' | 'text' | 'idea'; right: string[] }>;
}
interface Equivalents {
  cases: Array<{ icon: string; right: string[] }>;
}

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const judged = JSON.parse(readFileSync(join(FIXTURES, 'relevance-queries.json'), 'utf8')) as Judged;
const equivalents = JSON.parse(readFileSync(join(FIXTURES, 'equivalents.json'), 'utf8')) as Equivalents;
const heldOut = JSON.parse(readFileSync(join(FIXTURES, 'equivalents-held-out.json'), 'utf8')) as Equivalents;

const namesOf = new Map<string, string[]>();
function names(prefix: string): string[] {
  let list = namesOf.get(prefix);
  if (list === undefined) {
    const data = JSON.parse(readFileSync(join(INSTALLED_JSON_DIR, `${prefix}.json`), 'utf8')) as IconifyJSON;
    namesOf.set(prefix, (list = [...Object.keys(data.icons), ...Object.keys(data.aliases ?? {})]));
  }
  return list;
}

/**
 * Every run of whole `-`-separated words of a pack's names: a name holds a
 * right word, or a run of them for an entry with `-`, when the run is one
 * of these. A set, so that checking every right word of every query is
 * not a scan of every name.
 */
const runsOf = new Map<string, Set<string>>();
function wordRuns(prefix: string): Set<string> {
  let runs = runsOf.get(prefix);
  if (runs === undefined) {
    runsOf.set(prefix, (runs = new Set()));
    for (const name of names(prefix)) {
      const words = name.split('-');
      for (let start = 0; start < words.length; start++) {
        for (let end = start + 1; end <= words.length; end++) runs.add(words.slice(start, end).join('-'));
      }
    }
  }
  return runs;
}

/** Whether a name of the pack holds one of the right words. */
const givesRight = (prefix: string, rights: readonly string[]) => rights.some((right) => wordRuns(prefix).has(right));

describe('the judged queries', () => {
  it('are at least 160, each once, mostly of meaning, some of two words', () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(160);
    expect(new Set(judged.queries.map((query) => query.q)).size).toBe(judged.queries.length);
    expect(judged.queries.filter((query) => query.kind === 'meaning').length).toBeGreaterThanOrEqual(160);
    expect(judged.queries.filter((query) => query.q.includes(' ')).length).toBeGreaterThanOrEqual(10);
    expect(judged.queries.filter((query) => query.kind === 'name').length).toBeGreaterThanOrEqual(5);
  });

  it('are judged within at least eight popular packs, each of which gives a right answer to some of them', () => {
    expect(judged.packs.length).toBeGreaterThanOrEqual(8);
    const silent = judged.packs.filter((prefix) => !judged.queries.some((query) => givesRight(prefix, query.right)));
    expect(silent).toEqual([]);
  });

  it('have right words that occur in the judged packs', () => {
    const dead = judged.queries.flatMap((query) =>
      query.right.filter((right) => !judged.packs.some((prefix) => givesRight(prefix, [right]))).map((right) => `${query.q}: ${right}`),
    );
    expect(dead).toEqual([]);
  });
});

describe('the equivalents', () => {
  it('are at least 50 icons of at least five packs, each of which exists', () => {
    expect(equivalents.cases.length).toBeGreaterThanOrEqual(50);
    const packs = new Set(equivalents.cases.map((item) => item.icon.split(':')[0] as string));
    expect(packs.size).toBeGreaterThanOrEqual(5);
    const missing = equivalents.cases.filter((item) => {
      const [prefix, name] = item.icon.split(':') as [string, string];
      return !names(prefix).includes(name);
    });
    expect(missing).toEqual([]);
  });

  it('each have an equivalent in another of their packs', () => {
    const packs = [...new Set(equivalents.cases.map((item) => item.icon.split(':')[0] as string))];
    const alone = equivalents.cases.filter((item) => {
      const own = item.icon.split(':')[0];
      return !packs.some((prefix) => prefix !== own && givesRight(prefix, item.right));
    });
    expect(alone).toEqual([]);
  });
});

describe('the equivalents held out', () => {
  const packs = ['lucide', 'tabler', 'mdi', 'ph', 'material-symbols'];

  it('are at least 100 icons, each once, of the five packs they are judged in, each of which exists', () => {
    expect(heldOut.cases.length).toBeGreaterThanOrEqual(100);
    expect(new Set(heldOut.cases.map((item) => item.icon)).size).toBe(heldOut.cases.length);
    expect(new Set(heldOut.cases.map((item) => item.icon.split(':')[0] as string))).toEqual(new Set(packs));
    const missing = heldOut.cases.filter((item) => {
      const [prefix, name] = item.icon.split(':') as [string, string];
      return !names(prefix).includes(name);
    });
    expect(missing).toEqual([]);
  });

  it('share no icon with the equivalents the choice by shape was tuned on', () => {
    const tuned = new Set(equivalents.cases.map((item) => item.icon));
    expect(heldOut.cases.filter((item) => tuned.has(item.icon))).toEqual([]);
  });

  it('each have an equivalent in each other pack they are judged in', () => {
    const alone = heldOut.cases.flatMap((item) => {
      const own = item.icon.split(':')[0];
      return packs.filter((prefix) => prefix !== own && !givesRight(prefix, item.right)).map((prefix) => `${item.icon} in ${prefix}`);
    });
    expect(alone).toEqual([]);
  });
});

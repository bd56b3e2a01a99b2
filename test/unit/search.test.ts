import { describe, expect, it } from 'vitest';
import { catalogParamsOf, problemForShadcn, wantsCatalog } from '../../src/faces/shadcn/shadcn.js';
import { WorkBudget } from '../../src/data/search/budget.js';
import { encodeEntries, PostingList } from '../../src/data/search-index/entries.js';
import { searchIcons, synonymQueries } from '../../src/data/search/iconify/fill.js';
import { iconStyleOf } from '../../src/data/search-index/icon-style.js';
import { parseQuery } from '../../src/data/search/iconify/query.js';
import { categoryWords, spelledBackwards, themelessLength } from '../../src/data/search-index/set-index.js';
import { attributionLine, needsAttribution } from '../../src/core/render/licence.js';
import { iconSet, memorySearchSource } from '../helpers/memory-search.js';

/*
 * The pure core of search and of the shadcn catalog. What search finds and
 * in which order is compared with the reference on the whole catalog
 * (test/search-conformance.sweep.test.ts); these pin the pieces.
 */

describe('the query syntax', () => {
  it('reads words, a set-naming word, filters, and the partial last word', () => {
    // The first word as a set's id, the words as they are, and the words merged; the last word completed.
    expect(parseQuery('arrow left')?.readings).toEqual([
      { keywords: [], partial: 'left', prefixes: ['arrow'] },
      { keywords: ['arrow'], partial: 'left', prefixes: undefined },
      { keywords: [], partial: 'arrowleft', prefixes: undefined },
    ]);
    expect(parseQuery('arrow-left')?.readings).toEqual([
      { keywords: [], partial: 'left', prefixes: ['arrow'] },
      { keywords: ['arrow'], partial: 'left', test: ['arrow-left'], prefixes: undefined },
    ]);
    expect(parseQuery('mdi:home')).toMatchObject({ words: ['home'], prefixes: ['mdi'], readings: [{ keywords: [], partial: 'home', prefixes: ['mdi'] }] });
    expect(parseQuery('home style:stroke palette:false')).toMatchObject({ style: 'stroke', palette: false, words: ['home'] });
    expect(parseQuery('prefix:material* home')?.prefixes).toEqual(['material', 'material-']);
    expect(parseQuery('prefix:material-* home')).toBeUndefined();
    expect(parseQuery('home', false)?.readings).toEqual([{ keywords: ['home'], partial: undefined, prefixes: undefined }]);
  });

  it('finds nothing for what it cannot read', () => {
    expect(parseQuery('a:b:c')).toBeUndefined();
    expect(parseQuery('x=y')).toBeUndefined();
    expect(parseQuery('mdi:home tabler:home')).toBeUndefined();
    expect(parseQuery('palette:true')).toBeUndefined();
    expect(parseQuery('---')).toBeUndefined();
  });
});

describe('the caps of the query reader', () => {
  const words = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `w${String(from + i).padStart(2, '0')}`);

  it('reads the first 16 words of a longer query', () => {
    const parsed = parseQuery(words(20).join(' '), false);
    expect(parsed?.words).toEqual(words(16));
    // The first word as a set's id, and the words as they are: no runs merged in a query of more than 8 words.
    expect(parsed?.readings).toEqual([
      { keywords: words(15, 1), prefixes: ['w00'] },
      { keywords: words(16), prefixes: undefined },
    ]);
  });

  it('counts a word written again once, but for the last word', () => {
    expect(parseQuery(Array(40).fill('ok').join(' '))?.readings).toEqual([
      { keywords: [], partial: 'ok', prefixes: ['ok'] },
      { keywords: ['ok'], partial: 'ok', prefixes: undefined },
      { keywords: [], partial: 'okok', prefixes: undefined },
    ]);
    expect(parseQuery('arrow up arrow down arrow')?.words).toEqual(['arrow', 'up', 'down', 'arrow']);
  });

  it('merges runs of up to 4 adjacent words, in queries of up to 8 words', () => {
    const merged = (query: string) =>
      parseQuery(query, false)
        ?.readings.filter((reading) => !reading.prefixes)
        .map((reading) => reading.keywords.find((keyword) => keyword.length > 2) ?? reading.keywords.join(' '));
    expect(merged('aa bb cc dd ee')).toEqual(['aa bb cc dd ee', 'aabb', 'aabbcc', 'aabbccdd', 'bbcc', 'bbccdd', 'bbccddee', 'ccdd', 'ccddee', 'ddee']);
    expect(parseQuery(words(8).join(' '), false)?.readings).toHaveLength(2 + 7 + 6 + 5);
    expect(parseQuery(words(9).join(' '), false)?.readings).toHaveLength(2);
  });
});

describe('the budget of a search', () => {
  it('is spent for good once a piece of work does not fit', () => {
    const budget = new WorkBudget(10);
    expect([budget.spend(6), budget.spend(4), budget.spent, budget.used]).toEqual([true, true, false, 10]);
    expect([budget.spend(1), budget.spent, budget.spend(0)]).toEqual([false, true, false]);
  });

  const names = Array.from({ length: 100 }, (_, i) => `home-${i + 1}`);
  const found = names.map((name) => `p:${name}`);
  const homes = () => memorySearchSource([iconSet('p', names)]);

  it('ends a search that runs out of it with what it found, ranked', () => {
    // As many as it finds: nothing is left to fill.
    const params = { query: 'home', limit: 100, partial: false };
    const whole = new WorkBudget(1_000_000);
    expect(searchIcons(params, homes(), whole)?.names).toEqual(found);
    // One unit short: the last entry is not examined.
    expect(searchIcons(params, homes(), new WorkBudget(whole.used - 1))?.names).toEqual(found.slice(0, -1));
    // Too little to read the keyword's entries: nothing is found.
    expect(searchIcons(params, homes(), new WorkBudget(10))).toBeUndefined();
  });

  it('is shared by the search, its synonym rewrites and its category fill, which read each keyword once', () => {
    const source = memorySearchSource([iconSet('p', ['user-home', 'person-home', 'account-home', 'door'], { categories: { 'Home and garden': ['door'] } })]);
    expect(searchIcons({ query: 'user home', limit: 64 }, source)?.names).toEqual(['p:user-home', 'p:person-home', 'p:account-home']);
    expect(source.entriesRead.filter((keyword) => keyword === 'home')).toEqual(['home']);
    expect(searchIcons({ query: 'garden', limit: 64 }, source)?.names).toEqual(['p:door']);
  });
});

describe('the pieces of the index', () => {
  it('tells fill from stroke as the Iconify API does', () => {
    expect(iconStyleOf('<path fill="none" stroke="currentColor" d="M0 0"/>')).toBe('stroke');
    expect(iconStyleOf('<path fill="currentColor" d="M0 0"/>')).toBe('fill');
    expect(iconStyleOf('<path fill="red" stroke="blue"/>')).toBeUndefined();
    expect(iconStyleOf('<path d="M0 0"/>')).toBeUndefined();
  });

  it('ranks a name without its theme word', () => {
    expect(themelessLength('home-outline', ['outline', 'baseline'])).toBe(4);
    expect(themelessLength('baseline-home', ['outline', 'baseline'])).toBe(4);
    expect(themelessLength('home', ['outline'])).toBe(0);
    expect(categoryWords('Arrows & Navigation')).toEqual(['arrows', 'navigation']);
  });

  it('spells a keyword backwards, a character of two code units kept whole', () => {
    expect(spelledBackwards('arrow-left')).toBe('tfel-worra');
    expect(spelledBackwards('')).toBe('');
    expect(spelledBackwards('a\u{1F600}b')).toBe('b\u{1F600}a');
    // Lone halves of a pair stay as they are, each a character of its own.
    expect(spelledBackwards('\ud83da\ude00')).toBe('\ude00a\ud83d');
  });

  it('reads back the entries it stored', () => {
    const list = new PostingList(
      encodeEntries([
        { seq: 0, length: 4, style: 'stroke', names: ['home-outline', 'house-outline'] },
        { seq: 12, length: 0, style: undefined, names: ['home'] },
      ]),
    );
    expect([list.size, list.seq(0), list.seq(1), list.length(0), list.length(1), list.style(0), list.style(1)]).toEqual([2, 0, 12, 4, 0, 'stroke', undefined]);
    expect(list.names(0)).toEqual(['home-outline', 'house-outline']);
    expect(list.findName(0, (name) => name.startsWith('house'))).toBe('house-outline');
  });

  it('tries the synonyms of a word, and leaves filters alone', () => {
    expect(synonymQueries('house')).toEqual(['home']);
    expect(synonymQueries('mdi:cog')).toEqual(['mdi:settings', 'mdi:gear', 'mdi:preferences']);
    expect(synonymQueries('style:stroke')).toEqual([]);
    // At most four rewrites, each a search of its own.
    expect(synonymQueries('user settings')).toEqual(['person settings', 'account settings', 'profile settings', 'avatar settings']);
  });
});

describe('the shadcn catalog and errors', () => {
  it('is asked for by the CLI, by format=shadcn, or by its parameters', () => {
    const query = (text: string) => new URLSearchParams(text);
    expect(wantsCatalog('application/vnd.shadcn.v1+json, application/json;q=0.9', query(''))).toBe(true);
    expect(wantsCatalog(undefined, query('format=shadcn'))).toBe(true);
    expect(wantsCatalog(undefined, query('offset=0'))).toBe(true);
    expect(wantsCatalog('application/json', query(''))).toBe(false);
    expect(catalogParamsOf(query('q=Arrow%20Left!&type=registry:ui&limit=5000'))).toEqual({ q: 'arrow left', iconsWanted: false, limit: 1000, offset: 0 });
    expect(catalogParamsOf(query('limit=0'))).toMatchObject({ status: 400 });
    expect(catalogParamsOf(query('offset=-2'))).toMatchObject({ status: 400 });
  });

  it('writes suggestions as the user would type them', () => {
    const problem = { status: 404, code: 'icon_not_found', detail: "Pack 'mdi' has no icon 'hoem'.", suggestions: ['mdi:home', 'mdi:home-off'] };
    expect(problemForShadcn(problem, { kind: 'icon', pack: 'mdi', name: 'hoem' }).detail).toBe(
      "Pack 'mdi' has no icon 'hoem'. Did you mean @icons/mdi/home or @icons/mdi/home-off?",
    );
    const pack = { status: 404, code: 'pack_not_found', detail: "There is no pack 'mdii'.", suggestions: ['mdi'] };
    expect(problemForShadcn(pack, { kind: 'icon', pack: 'mdii', name: 'home' }).detail).toBe("There is no pack 'mdii'. Did you mean @icons/mdi/home?");
  });

  it('credits a pack as its licence asks', () => {
    const pack = { name: 'Solar', author: { name: '480 Design', url: 'https://example.com/480' }, license: { title: 'CC BY 4.0', spdx: 'CC-BY-4.0' } };
    expect(attributionLine(pack, 'solar:home')).toBe('Icon "solar:home" from Solar by 480 Design (https://example.com/480), licensed CC BY 4.0');
    expect(needsAttribution({ title: 'CC0', spdx: 'CC0-1.0' })).toBe(false);
    expect(attributionLine({ ...pack, license: { title: 'CC0', spdx: 'CC0-1.0' } }, 'x:y')).toBeUndefined();
    // An own pack's text cannot break out of the comment it is written into.
    expect(attributionLine({ ...pack, author: { name: 'A\nexport const x = 1' } }, 'p:n')).toBe(
      'Icon "p:n" from Solar by A export const x = 1, licensed CC BY 4.0',
    );
  });
});

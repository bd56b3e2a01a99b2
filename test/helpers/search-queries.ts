import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_JSON_DIR, readDefaultPack } from './sources.js';

/*
 * Search queries of the kinds people type, for the conformance test of
 * /search and for the bench's search load.
 */

/** Queries written as people type them: words, two words, partial words, prefixed and filtered queries. */
export const WRITTEN_QUERIES = [
  'home',
  'house',
  'arrow',
  'arrow left',
  'arrow-left',
  'arrow right circle',
  'chevron down',
  'caret up',
  'user',
  'users group',
  'settings',
  'cog',
  'gear',
  'trash',
  'delete',
  'search',
  'mail',
  'phone',
  'heart',
  'star half',
  'check',
  'close',
  'plus',
  'minus circle',
  'menu',
  'bell',
  'calendar',
  'clock',
  'lock',
  'eye off',
  'camera',
  'image',
  'file',
  'folder open',
  'cloud upload',
  'download',
  'share',
  'link',
  'copy',
  'edit',
  'pencil',
  'chart bar',
  'cart',
  'chat',
  'globe',
  'map pin',
  'sun',
  'moon',
  'wifi',
  'battery',
  'github',
  'google',
  'docker',
  'thumb up',
  'emoji',
  'circle',
  'square rounded',
  'hom',
  'arr',
  'sett',
  'notif',
  'calen',
  'dow',
  'ho',
  'cycle',
  'bicycle',
  'arrowleft',
  'mdi:home',
  'mdi:arrow',
  'tabler:user',
  'lucide:',
  'mdi-light home',
  'mdi-home',
  'material-symbols-light arrow',
  'fa-solid user',
  'prefix:mdi home',
  'prefixes:mdi,tabler arrow',
  'prefix:material* home',
  'palette:true heart',
  'palette:false star',
  'style:fill home',
  'style:stroke arrow',
  'fill:true bell',
  'stroke=true user',
  'home style=stroke',
  'home outline',
  'home-outline',
  '-outline',
  'baseline-',
  'home 2',
  'a:b:c',
  'prefix:bad! home',
  'no-such-keyword-qx',
];

/** The sets the reference loads: those of @iconify/json's collections.json, in its order. */
export const LISTED_SETS = Object.keys(JSON.parse(readFileSync(join(DEFAULT_JSON_DIR, '..', 'collections.json'), 'utf8')) as Record<string, unknown>);

/** Seeded queries from real icon names: whole names, their words, the start of a word, and `prefix:word`. */
export function generatedQueries(random: () => number, count: number): string[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const packs = new Map<string, IconifyJSON>();
  const queries: string[] = [];
  while (queries.length < count) {
    const id = pick(random() < 0.5 ? LISTED_SETS.slice(0, 40) : LISTED_SETS);
    let pack = packs.get(id);
    if (!pack) packs.set(id, (pack = readDefaultPack(id)));
    const names = Object.keys(pack.icons);
    if (!names.length) continue;
    const chunks = pick(names).split('-');
    const word = pick(chunks);
    const kind = random();
    if (kind < 0.2) queries.push(chunks.join(' '));
    else if (kind < 0.4) queries.push(word);
    else if (kind < 0.55) queries.push(word.slice(0, 2 + Math.floor(random() * 3)));
    else if (kind < 0.7) queries.push(chunks.slice(0, 2).join(' '));
    else if (kind < 0.8) queries.push(chunks.join('-'));
    else if (kind < 0.9) queries.push(`${id}:${word}`);
    else queries.push(`${pick(chunks)} ${pick(['style:fill', 'style:stroke', 'palette:true', 'palette:false', `prefix:${id.split('-')[0]}*`])}`);
  }
  return queries;
}

/** Keywords held by the most icons (their entries are the longest to read), and short partial words with the most completions. */
const COMMON_WORDS = [
  'outline',
  'sharp',
  'duotone',
  'regular',
  'filled',
  'rounded',
  'bold',
  'thin',
  'light',
  'circle',
  'arrow',
  'line',
  'fill',
  'solid',
  'square',
  'alt',
  '2',
  '1',
  'up',
  'down',
  'left',
  'right',
  'home',
  'user',
  'file',
  'on',
  'in',
  'off',
  'a',
];
const PARTIAL_WORDS = ['er', 're', 'ne', 'le', 'ed', 'co', 'st', 'te', 'al', 'es', 'se', 'on', 'in', 'ar', 'ho', 'us', 'ci'];
const SYNTAX_WORDS = [
  'prefix:mdi',
  'prefix:material*',
  'prefixes:mdi,tabler,lucide',
  'mdi:home',
  'tabler:',
  'mdi-light',
  'material-symbols',
  'palette:true',
  'palette:false',
  'style:fill',
  'style:stroke',
  'fill=true',
  'stroke=1',
  'style=x',
  'key=value',
  'a:b',
  'x=y=z',
  '-outline',
  'baseline-',
  'arrow-left',
  'home-',
  '---',
  'prefix:bad!',
];
const PACK_IDS = [
  'mdi',
  'tabler',
  'lucide',
  'material-symbols',
  'material-',
  'ic',
  'ph',
  'arcticons',
  'game-icons',
  'thesvg-color',
  'fixture-shapes',
  'bytesize',
  'no-such-pack',
];
const CATEGORIES = ['Material', 'General', 'Logos', 'Emoji', 'Thematic', 'no such category'];

/** The longest request target a server takes (a longer one gets 414 before any search). */
const MAX_TARGET = 2048;

/** `path?query` with the values percent-encoded (spaces as `+`), words dropped from the end of `words` until it fits MAX_TARGET. */
function targetWithin(path: string, params: Array<[string, string]>, words?: { key: string; words: string[] }): string {
  const target = (count: number) => {
    const all = words ? [[words.key, words.words.slice(0, count).join(' ')] as [string, string], ...params] : params;
    const query = new URLSearchParams(all).toString();
    return query ? `${path}?${query}` : path;
  };
  if (!words) return target(0);
  let count = words.words.length;
  while (count > 1 && Buffer.byteLength(target(count)) > MAX_TARGET) count--;
  return target(count);
}

/** A request of the search fuzz test: its target, and whether it is sent with the shadcn CLI's Accept header. */
export interface FuzzRequest {
  target: string;
  shadcnAccept?: boolean;
}

/**
 * The costliest searches found so far, each within the 2 KB request target:
 * one word many times, hundreds of different short words, forty common words,
 * two-letter words completed to a thousand keywords and more, and, within one
 * pack, six words tagged on many names.
 */
export function worstSearchRequests(): FuzzRequest[] {
  const twoLetters: string[] = [];
  for (const a of 'abcdefghijklmnopqrstuvwxyz') for (const b of 'abcdefghijklmnopqrstuvwxyz') twoLetters.push(a + b);
  const forty = Array.from({ length: 40 }, (_, i) => COMMON_WORDS[i % COMMON_WORDS.length] as string);
  const lists: Array<{ words: string[]; params?: Array<[string, string]> }> = [
    { words: Array(80).fill('ok') },
    { words: Array(1000).fill('a') },
    { words: twoLetters.slice(0, 680) },
    { words: forty },
    { words: forty, params: [['limit', '999']] },
    { words: ['er'] },
    { words: ['home', 'user', 'er'], params: [['limit', '999']] },
    { words: ['circle', 'home', 'home', 'up', 'er'], params: [['limit', '999']] },
    { words: ['picture', 'in', 'picture', 'on'] },
    { words: ['video', 'on'], params: [['limit', '999']] },
    { words: ['outline'], params: [['limit', '999']] },
    { words: ['outline', 'sharp', 'duotone', 'regular', 'filled', 'rounded', 'bold', 'ne'], params: [['limit', '999']] },
    // Emoji, each read as its CLDR name: the family's is five words ("family: man, woman, girl, boy"), and six are read.
    { words: Array(40).fill('👨‍👩‍👧‍👦') },
  ];
  const requests: FuzzRequest[] = [];
  for (const { words, params = [] } of lists) {
    requests.push({ target: targetWithin('/search', params, { key: 'query', words }) });
    requests.push({ target: targetWithin('/r/registry.json', [['format', 'shadcn']], { key: 'q', words }) });
    // Within the 256 characters /r/search.json reads (a longer q is refused at once).
    requests.push({ target: targetWithin('/r/search.json', [['limit', '200']], { key: 'q', words: wordsWithin(words, 256) }) });
  }
  // Within one pack, where the whole names tagged with each word are sought too: six words (all a search reads), each tagged on many names.
  const tagged = ['delete', 'undo', 'disconnect', 'talk', 'copy', 'search'];
  for (const pack of ['mdi', 'fluent'])
    requests.push({
      target: targetWithin(
        '/r/search.json',
        [
          ['limit', '200'],
          ['packs', pack],
        ],
        { key: 'q', words: tagged },
      ),
    });
  // Within one pack that matches the words only with one left out, while other packs match them all: the pack's
  // equivalents of those are sought and ranked first, on the last page a search may ask for.
  for (const [pack, words] of [
    ['tabler', ['hard', 'copy']],
    ['ph', ['refresh', 'page']],
  ] as const)
    for (const offset of ['0', '9800'])
      requests.push({
        target: targetWithin(
          '/r/search.json',
          [
            ['limit', '200'],
            ['offset', offset],
            ['packs', pack],
          ],
          { key: 'q', words: [...words] },
        ),
      });
  // Six words each made of two common name words that no name holds side by side, so that each of the 3 splits a
  // word may try reads its most glyphs, within one pack (where a name word is split too) and over every pack.
  const glued = ['regularfilled', 'filledregular', 'roundsharp', 'arrowhome', 'sharpround', 'outlinesolid'];
  for (const packs of [[['packs', 'mdi']], []] as Array<Array<[string, string]>>)
    requests.push({ target: targetWithin('/r/search.json', [['limit', '200'], ...packs], { key: 'q', words: glued }) });
  requests.push({
    target: targetWithin(
      '/r/search.json',
      [
        ['limit', '200'],
        ['packs', 'lucide'],
      ],
      { key: 'q', words: ['logout', 'userplus', 'paperclip', 'checkbox', 'dropdown', 'signin'] },
    ),
  });
  // Words of 32 letters, every split of which is tried.
  const long = ['arrowupuserplusfillcircleoutline', 'outlinefillcirclearrowsquarehome', 'userplusfilledcircleoutlineround'];
  requests.push({
    target: targetWithin('/search', [['limit', '200']], { key: 'query', words: [...long, ...long.map((word) => [...word].reverse().join(''))] }),
  });
  requests.push({ target: targetWithin('/keywords', [['keyword', 'er']]) });
  requests.push({ target: targetWithin('/keywords', [['prefix', `${Array(600).fill('a').join('-')}-ar`]]) });
  return requests;
}

/** The first words that fit in `length` characters joined by spaces (at least the first). */
function wordsWithin(words: readonly string[], length: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const word of words) {
    if (kept.length > 0 && used + 1 + word.length > length) break;
    used += (kept.length > 0 ? 1 : 0) + word.length;
    kept.push(word);
  }
  return kept;
}

/**
 * Seeded requests to every route that searches, with every kind of query:
 * long ones, one word repeated, many short words, the syntax's filters and
 * set names, partial words, and text that is no word at all.
 */
export function fuzzSearchRequests(random: () => number, count: number): FuzzRequest[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const garbage = () => {
    const alphabets = [' !"#$%&\'()*+,./;<>?@[\\]^`{|}~', 'ÄÖÜßéñ€', '日本語中文한국어', '😀👍🏽🚀', '\u200b\u00a0\u202e\ufeff', 'abc-:=*'];
    return Array.from({ length: between(1, 12) }, () => {
      const alphabet = [...pick(alphabets)];
      return pick(alphabet);
    }).join('');
  };
  const word = (): string => {
    const kind = random();
    if (kind < 0.55) return pick(COMMON_WORDS);
    if (kind < 0.85) return pick(PARTIAL_WORDS);
    return String.fromCharCode(between(97, 122), between(97, 122));
  };
  /** Words, then now and then a filter, a set's name or text that is no word put among them. */
  const words = (): string[] => {
    const kind = random();
    let list: string[];
    if (kind < 0.35) list = Array.from({ length: between(1, 4) }, word);
    else if (kind < 0.55) list = Array.from({ length: between(5, 16) }, word);
    else if (kind < 0.7) list = Array.from({ length: between(17, 700) }, word);
    else if (kind < 0.85) list = Array(between(2, 1000)).fill(word());
    else list = Array.from({ length: between(10, 680) }, () => String.fromCharCode(between(97, 122), between(97, 122)));
    const extra = random();
    if (extra < 0.3) list.splice(between(0, Math.min(list.length, 8)), 0, pick(SYNTAX_WORDS));
    else if (extra < 0.4) list.splice(between(0, Math.min(list.length, 8)), 0, garbage());
    return list;
  };
  const requests: FuzzRequest[] = [];
  while (requests.length < count) {
    const route = random();
    if (route < 0.55) {
      const params: Array<[string, string]> = [];
      if (random() < 0.5) params.push(['limit', pick(['32', '64', '200', '999', '0', 'abc', '5000'])]);
      if (random() < 0.2) params.push(['start', pick(['0', '10', '63', '998', '-1'])]);
      if (random() < 0.2) params.push([pick(['prefix', 'collection']), pick(PACK_IDS)]);
      if (random() < 0.2) params.push(['prefixes', Array.from({ length: between(1, 40) }, () => pick(PACK_IDS)).join(',')]);
      if (random() < 0.1) params.push(['category', pick(CATEGORIES)]);
      if (random() < 0.2) params.push(['similar', pick(['false', 'true', '0', 'junk'])]);
      requests.push({ target: targetWithin('/search', params, { key: 'query', words: words() }) });
    } else if (route < 0.62) {
      const key = random() < 0.5 ? 'prefix' : 'keyword';
      const value = random() < 0.3 ? words().join('-') : random() < 0.5 ? pick(PARTIAL_WORDS) : random() < 0.8 ? word() : garbage();
      requests.push({ target: targetWithin('/keywords', [[key, value]]) });
    } else if (route < 0.8) {
      const params: Array<[string, string]> = [];
      if (random() < 0.3) params.push(['limit', pick(['1', '48', '200', '201', 'abc'])]);
      if (random() < 0.3) params.push(['offset', pick(['0', '24', '9999', '10001', '-1'])]);
      // Half of them within one pack, which a search that finds little there completes from the rest of the catalog.
      if (random() < 0.3) params.push(['packs', Array.from({ length: random() < 0.5 ? 1 : between(2, 70) }, () => pick(PACK_IDS)).join(',')]);
      if (random() < 0.1) params.push(['palette', pick(['mono', 'color', 'junk'])]);
      if (random() < 0.1) params.push(['style', pick(['fill', 'stroke', 'junk'])]);
      if (random() < 0.1) params.push(['license', pick(['MIT', 'Apache-2.0', 'CC-BY-4.0', '<junk>'])]);
      const all = words();
      requests.push({ target: targetWithin('/r/search.json', params, { key: 'q', words: random() < 0.7 ? wordsWithin(all, 256) : all }) });
    } else {
      const params: Array<[string, string]> = [];
      if (random() < 0.3) params.push(['limit', pick(['1', '24', '100', '1000', '5000'])]);
      if (random() < 0.3) params.push(['offset', pick(['0', '24', '500', '998'])]);
      const shadcnAccept = random() < 0.5;
      if (!shadcnAccept) params.push(['format', 'shadcn']);
      requests.push({ target: targetWithin('/r/registry.json', params, { key: 'q', words: words() }), shadcnAccept });
    }
  }
  return requests;
}

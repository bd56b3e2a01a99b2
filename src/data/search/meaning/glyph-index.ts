import { PackedLists } from '../packed-lists.js';
import type { IconStyle } from '../../search-index/icon-style.js';
import { glyphKeyOf, type PackThemes, packThemesOf } from './glyph.js';
import { nameWordsOf, wholeNameOf } from '../../search-index/vocabulary/words.js';
import { LOGO_WORDS } from '../../search-index/vocabulary/style-words.js';
import { bytesOf, jsonBytes, PartReader, partsUnder, textBytes } from '../../search-index/stored-parts.js';

/**
 * What search by meaning needs of one pack: its visible icons by name, its
 * visible plain aliases (alias → icon), its declared themes, and the words
 * of the categories each icon is listed in, and an own pack's tags.
 */
export interface PackNames {
  id: string;
  names: readonly string[];
  aliases: Readonly<Record<string, string>>;
  prefixes?: Readonly<Record<string, string>>;
  suffixes?: Readonly<Record<string, string>>;
  /** Category title → names, as IconifyJSON's `categories`. */
  categories?: Readonly<Record<string, readonly string[]>>;
  /** An own pack's tags: name → words (see catalog/pack-tags.ts). */
  tags?: Readonly<Record<string, readonly string[]>>;
  /** How an icon (by its own name) is drawn, for the `style` filter; none when not given. */
  styleOf?: (name: string) => IconStyle | undefined;
}

/** Most glyphs one name word may be found under: beyond it a word says nothing about an icon (a pack's own prefix). */
export const MAX_POSTING = 200_000;

/**
 * The glyphs of some packs, searchable by the words of their names: each
 * glyph is one drawing of one pack with every name it goes by (its
 * variants, `-outline`, `-rounded`, ..., and its plain aliases), filed under
 * each word of those names. Typed arrays hold the numbers, so that the whole
 * catalog's 300,000 glyphs take a few tens of MB.
 */
export class GlyphIndex {
  readonly packs: readonly string[];
  /** Per glyph: its pack's number in `packs`. */
  readonly packOf: Uint16Array;
  /**
   * Every glyph's names, space-separated, the glyph's own name first, one glyph
   * after the other in a single string: a string per glyph cost the search
   * thread's heap a header for each, and every full collection a string more
   * to mark.
   */
  private readonly allNames: string;
  /** Per glyph: where its names start in `allNames`; one more, where the last glyph's end. */
  private readonly nameStarts: Uint32Array;
  /** Per glyph: how many words its own name has that say what it shows (fewer is a closer match). */
  readonly wordCounts: Uint8Array;
  /**
   * Per style, per glyph: the place among the glyph's names (1 for its own)
   * of the icon drawn so that it is offered as (see filedGlyphs), 0 when none
   * is (tabler's `heart` is drawn with strokes, its variant `heart-filled`
   * with fills). Places past 255 are not read.
   */
  private readonly drawnAt: Readonly<Record<IconStyle, Uint8Array>>;
  /** Per name word: the glyphs whose names hold it, ascending. */
  private readonly postings: PackedLists;
  /** Per word of an alias's name that the glyph's other names lack: the glyphs holding it (a pack's old name for an icon). */
  private readonly aliasPostings: PackedLists;
  /** For each word whose alias postings were asked for (see aliasWordCountsOf), a byte per glyph of its list: at most a byte per entry of aliasPostings, which are few (aliases are). */
  private readonly aliasWordCounts = new Map<string, Uint8Array>();
  /** Per word that only a variant's theme adds to a glyph (`bold` of `ph:x-bold`): the glyphs holding it so, also in `postings`. */
  private readonly themePostings: PackedLists;
  /** Per category word: the glyphs listed under a category holding it. */
  private readonly tagPostings: PackedLists;
  /** Per word of an own pack's tags: the glyphs one of whose names is tagged with it. */
  private readonly ownTagPostings: PackedLists;
  /** Every name word, sorted, for the words that start with a partial one. */
  readonly sortedWords: readonly string[];

  /**
   * Files the glyphs of `source`, or reads them as a build stored them (see
   * toParts). `packs` is read once, a pack at a time: a generator that reads
   * each pack as it is asked for keeps one pack's names in memory, not every
   * pack's.
   */
  constructor(source: Iterable<PackNames> | PartReader) {
    const fields = source instanceof PartReader ? fieldsFromParts(source) : filedGlyphs(source);
    this.packs = fields.packs;
    this.packOf = fields.packOf;
    this.allNames = fields.allNames;
    this.nameStarts = fields.nameStarts;
    this.wordCounts = fields.wordCounts;
    this.drawnAt = fields.drawnAt;
    this.postings = fields.postings;
    this.aliasPostings = fields.aliasPostings;
    this.themePostings = fields.themePostings;
    this.tagPostings = fields.tagPostings;
    this.ownTagPostings = fields.ownTagPostings;
    this.sortedWords = fields.sortedWords;
  }

  /** The index as a build stores it with its database, which the constructor reads again (under `prefix`). */
  toParts(prefix: string): Array<[string, Uint8Array]> {
    return [
      ...partsUnder(prefix, {
        packs: jsonBytes(this.packs),
        packOf: bytesOf(this.packOf),
        allNames: textBytes(this.allNames),
        nameStarts: bytesOf(this.nameStarts),
        wordCounts: bytesOf(this.wordCounts),
        fillAt: bytesOf(this.drawnAt.fill),
        strokeAt: bytesOf(this.drawnAt.stroke),
        sortedWords: jsonBytes(this.sortedWords),
      }),
      ...this.postings.toParts(`${prefix}postings/`),
      ...this.aliasPostings.toParts(`${prefix}aliasPostings/`),
      ...this.themePostings.toParts(`${prefix}themePostings/`),
      ...this.tagPostings.toParts(`${prefix}tagPostings/`),
      ...this.ownTagPostings.toParts(`${prefix}ownTagPostings/`),
    ];
  }

  get size(): number {
    return this.nameStarts.length - 1;
  }

  /** Whether one of the glyph's icons is drawn in `style`: with fills and no stroke, or strokes and no fill. */
  drawnIn(glyph: number, style: IconStyle): boolean {
    return this.drawnAt[style][glyph] !== 0;
  }

  /** Whether the glyph's own icon, whose shape is the glyph's, is drawn in `style`. */
  ownDrawnIn(glyph: number, style: IconStyle): boolean {
    return this.drawnAt[style][glyph] === 1;
  }

  /** The glyph's names, the icon drawn in `style` it is offered as first (see nameOf), when one is. */
  nameDrawnIn(glyph: number, style: IconStyle): { name: string; variants: string[] } {
    const names = this.namesOf(glyph).split(' ');
    const [drawn] = names.splice(Math.max(0, (this.drawnAt[style][glyph] as number) - 1), 1);
    return { name: drawn as string, variants: names };
  }

  /** The glyph's names, space-separated, its own name first. */
  namesOf(glyph: number): string {
    return this.allNames.slice(this.nameStarts[glyph], this.nameStarts[glyph + 1]);
  }

  /**
   * Compares the glyph's names (as namesOf gives them) with `otherGlyph`'s
   * of `other` as strings compare, shorter first when one starts the other:
   * negative when the glyph's come first, 0 when they are equal. Read in
   * place, so that ranking, which compares names many times, slices none.
   */
  compareNames(glyph: number, other: GlyphIndex, otherGlyph: number): number {
    const start = this.nameStarts[glyph] as number;
    const length = (this.nameStarts[glyph + 1] as number) - start;
    const otherStart = other.nameStarts[otherGlyph] as number;
    const otherLength = (other.nameStarts[otherGlyph + 1] as number) - otherStart;
    const common = Math.min(length, otherLength);
    for (let at = 0; at < common; at++) {
      const difference = this.allNames.charCodeAt(start + at) - other.allNames.charCodeAt(otherStart + at);
      if (difference !== 0) return difference;
    }
    return length - otherLength;
  }

  /** The length of the glyph's names as namesOf gives them. */
  namesLengthOf(glyph: number): number {
    return (this.nameStarts[glyph + 1] as number) - (this.nameStarts[glyph] as number);
  }

  /** The glyphs whose names hold `word`. */
  glyphsWith(word: string): Int32Array | undefined {
    return this.postings.get(word);
  }

  /** The glyphs only an alias's name holds `word` of. */
  glyphsAliased(word: string): Int32Array | undefined {
    return this.aliasPostings.get(word);
  }

  /**
   * For each glyph of glyphsAliased(word), in its order, how many words the
   * glyph adds when found through an alias: of its aliases holding `word`,
   * the fewest words one has, counted as wordCounts counts its own name's
   * (mdi's `vhs` meets "home" only as `video-home-system`: 3, where its own
   * name counts 1). 0 when its own name holds a word that `word` starts (mdi's
   * `printer`, which meets "print" as `local-print-shop`): the own name says
   * the same, in its words. Made the first time a word is asked for, and kept.
   */
  aliasWordCountsOf(word: string): Uint8Array | undefined {
    const kept = this.aliasWordCounts.get(word);
    if (kept) return kept;
    const glyphs = this.aliasPostings.get(word);
    if (!glyphs) return undefined;
    const counts = Uint8Array.from(glyphs, (glyph) => this.aliasWordsHolding(glyph, word));
    this.aliasWordCounts.set(word, counts);
    return counts;
  }

  /** See aliasWordCountsOf, for one glyph. */
  private aliasWordsHolding(glyph: number, word: string): number {
    const [own = '', ...others] = this.namesOf(glyph).split(' ');
    if (own.split('-').some((each) => each.startsWith(word))) return 0;
    let fewest = 0;
    for (const name of others) {
      if (!name.split('-').includes(word)) continue;
      const count = wordCountOf(name);
      if (fewest === 0 || count < fewest) fewest = count;
    }
    return fewest;
  }

  /** The glyphs whose names hold `word` only as a variant's theme (`ph:x` has `bold` from `x-bold`), a part of glyphsWith's. */
  glyphsThemed(word: string): Int32Array | undefined {
    return this.themePostings.get(word);
  }

  /** The glyphs listed in a category whose title holds `word`. */
  glyphsTagged(word: string): Int32Array | undefined {
    return this.tagPostings.get(word);
  }

  /** The glyphs an own pack tagged with `word`. */
  glyphsOwnTagged(word: string): Int32Array | undefined {
    return this.ownTagPostings.get(word);
  }

  hasWord(word: string): boolean {
    return this.postings.has(word) || this.aliasPostings.has(word);
  }

  /**
   * Whether a glyph's names hold `first` and `second` side by side, in
   * either order (`log-out`, `trend-down`), sought among at most `limit` of
   * the glyphs whose names hold the rarer of the two: a pair most names lack
   * is then missed, never read at the cost of a common word's every glyph.
   */
  holdsPair(first: string, second: string, limit: number): boolean {
    const [withFirst, withSecond] = [this.postings.get(first), this.postings.get(second)];
    if (!withFirst || !withSecond) return false;
    const [rarer, other] = withFirst.length <= withSecond.length ? [withFirst, withSecond] : [withSecond, withFirst];
    const read = Math.min(rarer.length, limit);
    // Only a glyph holding both words is read by name: most of the rarer word's glyphs lack the other.
    let from = 0;
    for (let at = 0; at < read && from < other.length; at++) {
      const glyph = rarer[at] as number;
      from = firstAtLeast(other, glyph, from);
      if (other[from] === glyph && this.holdsPairIn(glyph, first, second)) return true;
    }
    return false;
  }

  /** Whether one of the glyph's names holds `first` and `second` as whole words side by side, in either order. */
  holdsPairIn(glyph: number, first: string, second: string): boolean {
    const names = this.namesOf(glyph);
    const isEdge = (at: number) => at < 0 || at >= names.length || names[at] === '-' || names[at] === ' ';
    const holds = (run: string) => {
      for (let at = names.indexOf(run); at >= 0; at = names.indexOf(run, at + 1)) if (isEdge(at - 1) && isEdge(at + run.length)) return true;
      return false;
    };
    return holds(`${first}-${second}`) || holds(`${second}-${first}`);
  }

  /** Whether an own pack tagged a glyph with `word`. */
  hasTag(word: string): boolean {
    return this.ownTagPostings.has(word);
  }

  /** Name words starting with `partial` (itself excepted), shortest first, at most `limit`. */
  wordsStartingWith(partial: string, limit: number): string[] {
    const words = this.sortedWords;
    const low = firstAtLeast(words, partial);
    const found: string[] = [];
    // Read a bounded run of the range, then keep the shortest: they are the likeliest completions.
    for (let at = low; at < words.length && found.length < limit * 8; at++) {
      const word = words[at] as string;
      if (!word.startsWith(partial)) break;
      if (word !== partial) found.push(word);
    }
    return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, limit);
  }

  /** How many glyphs hold each name word: the frequencies typo corrections prefer. */
  wordFrequencies(): Map<string, number> {
    const frequencies = new Map<string, number>();
    for (const [word, length] of this.postings.lengths()) frequencies.set(word, length);
    return frequencies;
  }

  /**
   * The glyphs of pack number `pack` one of whose names (its own, its
   * variants, its aliases) is `name` once its style words are dropped
   * (`arrow-back-up` is also `arrow-back-up-filled`): read in the pack's part
   * of the postings of the name's rarest word. `read` is told how many
   * entries that is, and says whether they may be read.
   */
  glyphsNamed(name: string, pack: number, read: (entries: number) => boolean): number[] {
    let rarest: Int32Array[] | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const word of name.split('-')) {
      const postings = [this.postings.get(word), this.aliasPostings.get(word)].filter((posting) => posting !== undefined);
      const size = postings.reduce((sum, posting) => sum + posting.length, 0);
      if (size === 0) return [];
      if (size < fewest) [rarest, fewest] = [postings, size];
    }
    if (rarest === undefined) return [];
    // A pack's glyphs are filed one after the other (see filedGlyphs), and a posting is ascending.
    const [first, end] = [firstAtLeast(this.packOf, pack), firstAtLeast(this.packOf, pack + 1)];
    const ranges = rarest.map((posting) => [posting, firstAtLeast(posting, first), firstAtLeast(posting, end)] as const);
    if (!read(ranges.reduce((sum, [, from, to]) => sum + to - from, 0))) return [];
    const isNamed = (glyph: number) =>
      this.packOf[glyph] === pack &&
      this.namesOf(glyph)
        .split(' ')
        .some((own) => wholeNameOf(own) === name);
    const named = new Set<number>();
    for (const [posting, from, to] of ranges) for (let at = from; at < to; at++) if (isNamed(posting[at] as number)) named.add(posting[at] as number);
    return [...named].sort((a, b) => a - b);
  }

  /** The glyph's own name, and its other names (variants and aliases). */
  nameOf(glyph: number): { name: string; variants: string[] } {
    const [name, ...variants] = this.namesOf(glyph).split(' ');
    return { name: name as string, variants };
  }

  packIdOf(glyph: number): string {
    return this.packs[this.packOf[glyph] as number] as string;
  }
}

/** The first place of ascending `sorted`, from `low` on, holding `value` or more; its length when none does. */
function firstAtLeast<T extends number | string>(sorted: ArrayLike<T>, value: T, from = 0): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What a GlyphIndex holds. */
interface GlyphIndexFields {
  packs: readonly string[];
  packOf: Uint16Array;
  allNames: string;
  nameStarts: Uint32Array;
  wordCounts: Uint8Array;
  drawnAt: Record<IconStyle, Uint8Array>;
  postings: PackedLists;
  aliasPostings: PackedLists;
  themePostings: PackedLists;
  tagPostings: PackedLists;
  ownTagPostings: PackedLists;
  sortedWords: readonly string[];
}

function fieldsFromParts(parts: PartReader): GlyphIndexFields {
  const packs = parts.json<string[]>('packs');
  const packOf = parts.uint16('packOf');
  const nameStarts = parts.uint32('nameStarts');
  const wordCounts = parts.uint8('wordCounts');
  const drawnAt = { fill: parts.uint8('fillAt'), stroke: parts.uint8('strokeAt') };
  if (nameStarts.length !== packOf.length + 1 || [wordCounts, drawnAt.fill, drawnAt.stroke].some((list) => list.length !== packOf.length))
    throw new Error("stored glyph index: its glyphs' parts differ in length");
  return {
    packs,
    packOf,
    allNames: parts.text('allNames'),
    nameStarts,
    drawnAt,
    wordCounts,
    postings: PackedLists.fromParts(parts.under('postings/')),
    aliasPostings: PackedLists.fromParts(parts.under('aliasPostings/')),
    themePostings: PackedLists.fromParts(parts.under('themePostings/')),
    tagPostings: PackedLists.fromParts(parts.under('tagPostings/')),
    ownTagPostings: PackedLists.fromParts(parts.under('ownTagPostings/')),
    sortedWords: parts.json<string[]>('sortedWords'),
  };
}

/**
 * The words of a name a query may ask for (see nameWordsOf), at most 255, as
 * wordCounts keeps them. A logo's word (`github-logo`) adds nothing a query
 * asks for: "github" names it exactly.
 */
function wordCountOf(name: string): number {
  return Math.min(255, nameWordsOf(name).filter((word) => !LOGO_WORDS.has(word)).length);
}

/**
 * Files each glyph of `packs` under the words of its names (see GlyphIndex).
 * The default catalog's build stores what this files: a change to it (or to
 * glyph.ts, or to the words of style-words.ts) bumps the version of the
 * stored parts' recipe (see catalog-glyphs.ts), so that stored indexes are
 * filed again.
 */
function filedGlyphs(packs: Iterable<PackNames>): GlyphIndexFields {
  const ids: string[] = [];
  const packOf: number[] = [];
  const names: string[] = [];
  const wordCounts: number[] = [];
  const drawnAt = { fill: [] as number[], stroke: [] as number[] };
  const byWord = new Map<string, number[]>();
  const byTag = new Map<string, number[]>();
  const byAliasWord = new Map<string, number[]>();
  const byOwnTag = new Map<string, number[]>();
  const byThemeWord = new Map<string, number[]>();
  const file = (map: Map<string, number[]>, word: string, glyph: number) => {
    const list = map.get(word);
    if (!list) map.set(word, [glyph]);
    else if (list[list.length - 1] !== glyph && list.length < MAX_POSTING) list.push(glyph);
  };
  for (const pack of packs) {
    const packNumber = ids.push(pack.id) - 1;
    const { groups, aliasesOf } = glyphGroups(pack);
    const glyphOfName = new Map<string, number>();
    for (const [key, members] of groups) {
      const glyph = names.length;
      const own = ownNameOf(key, members);
      const ordered = [own, ...members.filter((name) => name !== own)];
      names.push(ordered.join(' '));
      packOf.push(packNumber);
      wordCounts.push(wordCountOf(key));
      for (const style of ['fill', 'stroke'] as const) drawnAt[style].push(placeDrawnIn(ordered, style, pack.styleOf));
      const aliases = new Set(aliasesOf.get(key));
      const ownWords = new Set(members.filter((name) => !aliases.has(name)).flatMap((name) => name.split('-')));
      const keyWords = new Set(key.split('-'));
      for (const name of members) {
        glyphOfName.set(name, glyph);
        for (const word of name.split('-')) {
          if (word === '') continue;
          file(ownWords.has(word) ? byWord : byAliasWord, word, glyph);
          if (ownWords.has(word) && !keyWords.has(word)) file(byThemeWord, word, glyph);
        }
      }
    }
    for (const [title, listed] of Object.entries(pack.categories ?? {})) {
      for (const word of title.toLowerCase().split(/[^a-z0-9]+/)) {
        if (word.length < 2) continue;
        // "Team mascots" is found by "mascot" too.
        const forms = word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? [word, word.slice(0, -1)] : [word];
        for (const name of listed) {
          const glyph = glyphOfName.get(name);
          if (glyph !== undefined) for (const form of forms) file(byTag, form, glyph);
        }
      }
    }
    for (const [name, words] of Object.entries(pack.tags ?? {})) {
      const glyph = glyphOfName.get(name);
      if (glyph !== undefined) for (const word of words) file(byOwnTag, word, glyph);
    }
  }
  const nameStarts = new Uint32Array(names.length + 1);
  for (let glyph = 0; glyph < names.length; glyph++) nameStarts[glyph + 1] = (nameStarts[glyph] as number) + (names[glyph] as string).length;
  const postings = PackedLists.of(byWord);
  return {
    packs: ids,
    packOf: Uint16Array.from(packOf),
    allNames: names.join(''),
    nameStarts,
    wordCounts: Uint8Array.from(wordCounts),
    drawnAt: { fill: Uint8Array.from(drawnAt.fill), stroke: Uint8Array.from(drawnAt.stroke) },
    postings,
    tagPostings: PackedLists.of(byTag),
    ownTagPostings: PackedLists.of(byOwnTag),
    aliasPostings: PackedLists.of(byAliasWord),
    themePostings: PackedLists.of(byThemeWord),
    sortedWords: [...postings.words()].sort(),
  };
}

/**
 * Where among a glyph's names (its own first) the icon it is offered as for
 * `style` is, counted from 1; 0 when none is drawn so. Its own when drawn so,
 * else the shortest of those that are: heroicons' `heart-solid` rather than
 * `heart-16-solid`, a size of it. Places past 255 are not looked at.
 */
function placeDrawnIn(names: readonly string[], style: IconStyle, styleOf: PackNames['styleOf']): number {
  if (styleOf === undefined) return 0;
  if (styleOf(names[0] as string) === style) return 1;
  let place = 0;
  for (let at = 1; at < Math.min(names.length, 255); at++) {
    const name = names[at] as string;
    if (styleOf(name) === style && (place === 0 || name.length < (names[place - 1] as string).length)) place = at + 1;
  }
  return place;
}

/** A glyph's own name, whose icon is its drawing: its key when that is one of its names, else its first. */
function ownNameOf(key: string, members: readonly string[]): string {
  return members.includes(key) ? key : (members[0] as string);
}

/** The own names of a pack's glyphs, in the order an index files its glyphs. */
export function glyphOwnNames(pack: PackNames): string[] {
  return [...glyphGroups(pack).groups].map(([key, members]) => ownNameOf(key, members));
}

/** A pack's names grouped by glyph, plain aliases with the glyph of the icon they name (and listed apart too). */
function glyphGroups(pack: PackNames): { groups: Map<string, string[]>; aliasesOf: Map<string, string[]> } {
  const themes: PackThemes = packThemesOf({ prefixes: pack.prefixes as Record<string, string>, suffixes: pack.suffixes as Record<string, string> }, pack.names);
  const known = new Set(pack.names);
  const groups = new Map<string, string[]>();
  const keyOf = new Map<string, string>();
  for (const name of pack.names) {
    const key = glyphKeyOf(name, themes, (other) => known.has(other));
    keyOf.set(name, key);
    const group = groups.get(key);
    if (group) group.push(name);
    else groups.set(key, [name]);
  }
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, parent] of Object.entries(pack.aliases)) {
    const key = keyOf.get(parent);
    if (key === undefined) continue;
    groups.get(key)?.push(alias);
    const list = aliasesOf.get(key);
    if (list) list.push(alias);
    else aliasesOf.set(key, [alias]);
  }
  return { groups, aliasesOf };
}

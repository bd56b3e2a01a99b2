import type { VocabularyTable } from '../../search-index/vocabulary/build-vocabulary.js';
import { BACK_LINK_MIN_WEIGHT } from './weights.js';
import { singularOf } from '../../search-index/vocabulary/words.js';
import { bytesOf, jsonBytes, PartReader, partsUnder } from '../../search-index/stored-parts.js';

/** A name word a query word means, how strongly, and on whose word: one count per source of the table's `sources`. */
export interface MeaningLink {
  nameWord: string;
  weight: number;
  provenance: readonly number[];
}

const NONE: readonly MeaningLink[] = [];

/** The most links read backwards kept of one name word (see Vocabulary.backLinksOf), strongest first. */
export const MAX_BACK_LINKS = 8;

/** A vocabulary packed: a word's links are a run of parallel typed arrays (see Vocabulary). */
interface PackedVocabulary {
  sources: readonly string[];
  words: readonly string[];
  starts: Uint32Array;
  nameWordIds: Uint32Array;
  nameWordList: readonly string[];
  weights: Float64Array;
  provenance: Uint16Array;
  /** Name word, and the words strongly linked to it with their weights, strongest first. */
  backLinks: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, number]>]>;
  /** Query word, and the whole names the icon libraries tagged with it, most tagged first. */
  taggedNames: ReadonlyArray<readonly [string, readonly string[]]>;
}

function packedFromParts(parts: PartReader): PackedVocabulary {
  const packed: PackedVocabulary = {
    sources: parts.json<string[]>('sources'),
    words: parts.json<string[]>('words'),
    starts: parts.uint32('starts'),
    nameWordIds: parts.uint32('nameWordIds'),
    nameWordList: parts.json<string[]>('nameWordList'),
    weights: parts.float64('weights'),
    provenance: parts.uint16('provenance'),
    backLinks: parts.json<Array<[string, Array<[string, number]>]>>('backLinks'),
    taggedNames: parts.json<Array<[string, string[]]>>('taggedNames'),
  };
  const links = packed.nameWordIds.length;
  if (packed.starts.length !== packed.words.length + 1 || packed.weights.length !== links || packed.provenance.length !== links * packed.sources.length)
    throw new Error('stored vocabulary: its parts do not fit together');
  return packed;
}

function packedTable(table: VocabularyTable): PackedVocabulary {
  const width = table.sources.length;
  let total = 0;
  for (const [, links] of table.words) total += links.length;
  const starts = new Uint32Array(table.words.length + 1);
  const nameWordIds = new Uint32Array(total);
  const weights = new Float64Array(total);
  const provenance = new Uint16Array(total * width);
  const idOf = new Map<string, number>();
  const nameWordList: string[] = [];
  const backLinks = new Map<string, Array<[string, number]>>();
  let at = 0;
  table.words.forEach(([word, links], slot) => {
    starts[slot] = at;
    for (const [nameWord, weight, ...counts] of links) {
      let id = idOf.get(nameWord);
      if (id === undefined) idOf.set(nameWord, (id = nameWordList.push(nameWord) - 1));
      nameWordIds[at] = id;
      weights[at] = weight;
      if (weight >= BACK_LINK_MIN_WEIGHT && nameWord !== word) {
        const back = backLinks.get(nameWord);
        if (back) back.push([word, weight]);
        else backLinks.set(nameWord, [[word, weight]]);
      }
      counts.forEach((count, source) => {
        provenance[at * width + source] = Math.min(count, 0xffff);
      });
      at++;
    }
  });
  starts[table.words.length] = at;
  for (const [name, back] of backLinks) {
    back.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (back.length > MAX_BACK_LINKS) backLinks.set(name, back.slice(0, MAX_BACK_LINKS));
  }
  return {
    sources: table.sources,
    words: table.words.map(([word]) => word),
    starts,
    nameWordIds,
    nameWordList,
    weights,
    provenance,
    backLinks: [...backLinks],
    taggedNames: table.names,
  };
}

/**
 * The vocabulary as search reads it, from the table the catalog's build
 * stores (search-index/vocabulary/build-vocabulary.ts): the name words a query word means,
 * strongest first. A query word is looked up as typed, else as its
 * singular (`batteries` → `battery`); two adjacent words as one tag, with
 * `-` or run together ("hard copy" → `hard-copy`, `hardcopy`).
 */
export class Vocabulary {
  /*
   * Packed: a word's links are a run of parallel typed arrays, and each name
   * word is one string however many links name it. An object per link took
   * most of the memory of search.
   */
  private readonly slots: Map<string, number>;
  /** Where each word's links start in the arrays below, and one more: where the last word's end. */
  private readonly starts: Uint32Array;
  /** Per link: the number of its name word in `nameWordList`. */
  private readonly nameWordIds: Uint32Array;
  private readonly nameWordList: readonly string[];
  private readonly weights: Float64Array;
  private readonly provenance: Uint16Array;
  /** Name word → the words strongly linked to it, strongest first: `trash` ← `bin`, `garbage`. */
  private readonly backLinks: Map<string, Array<{ word: string; weight: number }>>;
  /** Query word → the whole names the icon libraries tagged with it: "disconnect" → `eject`, `plug-x`, `unlink`, ... */
  private readonly taggedNames: Map<string, readonly string[]>;
  readonly sources: readonly string[];

  /** Reads the table the build stores as JSON, or the vocabulary as a build stored it packed (see toParts). */
  constructor(source: VocabularyTable | PartReader) {
    const packed = source instanceof PartReader ? packedFromParts(source) : packedTable(source);
    this.sources = packed.sources;
    this.slots = new Map(packed.words.map((word, slot) => [word, slot]));
    this.starts = packed.starts;
    this.nameWordIds = packed.nameWordIds;
    this.nameWordList = packed.nameWordList;
    this.weights = packed.weights;
    this.provenance = packed.provenance;
    this.backLinks = new Map(packed.backLinks.map(([name, back]) => [name, back.map(([word, weight]) => ({ word, weight }))]));
    this.taggedNames = new Map(packed.taggedNames);
  }

  /** The vocabulary packed as a build stores it with its database, which the constructor reads again (under `prefix`). */
  toParts(prefix: string): Array<[string, Uint8Array]> {
    return partsUnder(prefix, {
      sources: jsonBytes(this.sources),
      words: jsonBytes([...this.slots.keys()]),
      starts: bytesOf(this.starts),
      nameWordIds: bytesOf(this.nameWordIds),
      nameWordList: jsonBytes(this.nameWordList),
      weights: bytesOf(this.weights),
      provenance: bytesOf(this.provenance),
      backLinks: jsonBytes([...this.backLinks].map(([name, back]) => [name, back.map(({ word, weight }) => [word, weight])])),
      taggedNames: jsonBytes([...this.taggedNames]),
    });
  }

  get size(): number {
    return this.slots.size;
  }

  has(word: string): boolean {
    return this.slots.has(word);
  }

  /** Every word the vocabulary links (for the typo corrector's known words). */
  words(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The links of one query word (lower-case). */
  linksOf(word: string): readonly MeaningLink[] {
    const slot = this.slots.get(word) ?? this.slots.get(singularOf(word, (known) => this.slots.has(known)));
    if (slot === undefined) return NONE;
    const width = this.sources.length;
    const links: MeaningLink[] = [];
    for (let at = this.starts[slot] as number; at < (this.starts[slot + 1] as number); at++) {
      links.push({
        nameWord: this.nameWordList[this.nameWordIds[at] as number] as string,
        weight: this.weights[at] as number,
        provenance: [...this.provenance.subarray(at * width, (at + 1) * width)],
      });
    }
    return links;
  }

  /**
   * The words strongly linked to name word `word`, read backwards: the icon
   * sources tag `lucide:trash` with "bin", so a search for "trash" in a pack
   * that names it `delete-bin` finds it.
   */
  backLinksOf(word: string): readonly { word: string; weight: number }[] {
    return this.backLinks.get(word) ?? this.backLinks.get(singularOf(word, (known) => this.backLinks.has(known))) ?? [];
  }

  /**
   * The whole names the icon libraries tagged with query word `word` (or
   * its singular), or with two words joined with `-`, most tagged first:
   * Lucide tags `unlink` "disconnect", `user-plus` "sign up".
   */
  taggedNamesOf(word: string): readonly string[] {
    return this.taggedNames.get(word) ?? this.taggedNames.get(singularOf(word, (known) => this.taggedNames.has(known))) ?? [];
  }

  /** The links of two adjacent query words read as one tag, or none. */
  phraseLinksOf(first: string, second: string): readonly MeaningLink[] {
    const joined = this.linksOf(`${first}-${second}`);
    return joined.length > 0 ? joined : this.linksOf(`${first}${second}`);
  }
}

import type { VocabularyTable } from '../../search-index/vocabulary/build-vocabulary.js';
import { BACK_LINK_MIN_WEIGHT } from './weights.js';
import { singularOf } from '../../search-index/vocabulary/words.js';

/** A name word a query word means, how strongly, and on whose word: one count per source of the table's `sources`. */
export interface MeaningLink {
  nameWord: string;
  weight: number;
  provenance: readonly number[];
}

const NONE: readonly MeaningLink[] = [];

/** The most links read backwards kept of one name word (see Vocabulary.backLinksOf), strongest first. */
const MAX_BACK_LINKS = 8;

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
  private readonly slots = new Map<string, number>();
  private readonly starts: Uint32Array;
  private readonly nameWords: string[] = [];
  private readonly weights: Float64Array;
  private readonly provenance: Uint16Array;
  /** Name word → the words strongly linked to it, strongest first: `trash` ← `bin`, `garbage`. */
  private readonly backLinks = new Map<string, Array<{ word: string; weight: number }>>();
  readonly sources: readonly string[];

  constructor(table: VocabularyTable) {
    this.sources = table.sources;
    const width = table.sources.length;
    let total = 0;
    for (const [, links] of table.words) total += links.length;
    this.starts = new Uint32Array(table.words.length + 1);
    this.weights = new Float64Array(total);
    this.provenance = new Uint16Array(total * width);
    const interned = new Map<string, string>();
    let at = 0;
    for (const [word, links] of table.words) {
      const slot = this.slots.size;
      this.slots.set(word, slot);
      this.starts[slot] = at;
      for (const [nameWord, weight, ...counts] of links) {
        let name = interned.get(nameWord);
        if (name === undefined) interned.set(nameWord, (name = nameWord));
        this.nameWords[at] = name;
        this.weights[at] = weight;
        if (weight >= BACK_LINK_MIN_WEIGHT && nameWord !== word) {
          const back = this.backLinks.get(name);
          if (back) back.push({ word, weight });
          else this.backLinks.set(name, [{ word, weight }]);
        }
        counts.forEach((count, source) => {
          this.provenance[at * width + source] = Math.min(count, 0xffff);
        });
        at++;
      }
    }
    this.starts[table.words.length] = at;
    for (const [name, back] of this.backLinks) {
      back.sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : 1));
      if (back.length > MAX_BACK_LINKS) this.backLinks.set(name, back.slice(0, MAX_BACK_LINKS));
    }
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
        nameWord: this.nameWords[at] as string,
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

  /** The links of two adjacent query words read as one tag, or none. */
  phraseLinksOf(first: string, second: string): readonly MeaningLink[] {
    const joined = this.linksOf(`${first}-${second}`);
    return joined.length > 0 ? joined : this.linksOf(`${first}${second}`);
  }
}

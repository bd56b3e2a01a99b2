import type { VocabularyTable } from './vocabulary.js';
import { singularOf } from './words.js';

/** A name word a query word means, how strongly, and on whose word: one count per source of the table's `sources`. */
export interface MeaningLink {
  nameWord: string;
  weight: number;
  provenance: readonly number[];
}

const NONE: readonly MeaningLink[] = [];

/**
 * The vocabulary as search reads it: the name words a query word means,
 * strongest first. A query word is looked up as typed, else as its
 * singular (`batteries` → `battery`); two adjacent words as one tag, with
 * `-` or run together ("hard copy" → `hard-copy`, `hardcopy`).
 */
export class Vocabulary {
  private readonly links = new Map<string, readonly MeaningLink[]>();
  readonly sources: readonly string[];

  constructor(table: VocabularyTable) {
    this.sources = table.sources;
    for (const [word, links] of table.words) {
      this.links.set(
        word,
        links.map(([nameWord, weight, ...provenance]) => ({ nameWord, weight, provenance })),
      );
    }
  }

  get size(): number {
    return this.links.size;
  }

  has(word: string): boolean {
    return this.links.has(word);
  }

  /** Every word the vocabulary links (for the typo corrector's known words). */
  words(): IterableIterator<string> {
    return this.links.keys();
  }

  /** The links of one query word (lower-case). */
  linksOf(word: string): readonly MeaningLink[] {
    return this.links.get(word) ?? this.links.get(singularOf(word, (known) => this.links.has(known))) ?? NONE;
  }

  /** The links of two adjacent query words read as one tag, or none. */
  phraseLinksOf(first: string, second: string): readonly MeaningLink[] {
    const joined = this.linksOf(`${first}-${second}`);
    return joined.length > 0 ? joined : this.linksOf(`${first}${second}`);
  }
}

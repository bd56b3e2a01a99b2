import { bytesOf, jsonBytes, type PartReader, partsUnder } from '../search-index/stored-parts.js';

/**
 * Lists of numbers by word (glyphs by name word, sets by keyword), packed
 * into one typed array: an array per word would cost about a hundred bytes
 * of its own for each of the catalog's 200,000 words, and be one more object
 * for a full collection of the search thread's heap to walk.
 */
export class PackedLists {
  private constructor(
    /** Each word's number, in the order the lists were given (which `words()` keeps). */
    private readonly slots: Map<string, number>,
    /** Where each word's list starts in `numbers`, and one more: where the last one ends. */
    private readonly starts: Uint32Array,
    private readonly numbers: Int32Array,
  ) {}

  static of(lists: ReadonlyMap<string, readonly number[]>): PackedLists {
    const slots = new Map<string, number>();
    const starts = new Uint32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    const numbers = new Int32Array(total);
    let at = 0;
    for (const [word, list] of lists) {
      const slot = slots.size;
      slots.set(word, slot);
      starts[slot] = at;
      numbers.set(list, at);
      at += list.length;
    }
    starts[lists.size] = at;
    return new PackedLists(slots, starts, numbers);
  }

  /** The lists as toParts stored them. */
  static fromParts(parts: PartReader): PackedLists {
    const words = parts.json<string[]>('words');
    const starts = parts.uint32('starts');
    if (starts.length !== words.length + 1) throw new Error('stored packed lists: as many starts as words, and one more, expected');
    return new PackedLists(new Map(words.map((word, slot) => [word, slot])), starts, parts.int32('numbers'));
  }

  /** What fromParts reads again: the words in order, where their lists start, and the numbers. */
  toParts(prefix: string): Array<[string, Uint8Array]> {
    return partsUnder(prefix, { words: jsonBytes([...this.slots.keys()]), starts: bytesOf(this.starts), numbers: bytesOf(this.numbers) });
  }

  /** The list of `word`, a view of the packed array. */
  get(word: string): Int32Array | undefined {
    const slot = this.slots.get(word);
    return slot === undefined ? undefined : this.numbers.subarray(this.starts[slot], this.starts[slot + 1]);
  }

  has(word: string): boolean {
    return this.slots.has(word);
  }

  words(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The lists' lengths by word. */
  *lengths(): IterableIterator<[string, number]> {
    for (const [word, slot] of this.slots) yield [word, (this.starts[slot + 1] as number) - (this.starts[slot] as number)];
  }
}

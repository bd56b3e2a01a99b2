/**
 * Lists of numbers by word (glyphs by name word, sets by keyword), packed
 * into one typed array: an array per word would cost about a hundred bytes
 * of its own for each of the catalog's 200,000 words, and be one more object
 * for a full collection of the search thread's heap to walk.
 */
export class PackedLists {
  private readonly slots = new Map<string, number>();
  private readonly starts: Uint32Array;
  private readonly numbers: Int32Array;

  constructor(lists: ReadonlyMap<string, readonly number[]>) {
    this.starts = new Uint32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.numbers = new Int32Array(total);
    let at = 0;
    for (const [word, list] of lists) {
      const slot = this.slots.size;
      this.slots.set(word, slot);
      this.starts[slot] = at;
      this.numbers.set(list, at);
      at += list.length;
    }
    this.starts[lists.size] = at;
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

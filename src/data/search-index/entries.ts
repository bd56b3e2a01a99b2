import type { IconStyle } from './icon-style.js';

/**
 * One icon of a set's search index, as the reference's search sees it: its
 * place in the set (seq), its names (the icon's own first, then its plain
 * aliases), the length it ranks by when its name carries a theme word of the
 * set (0 when not), and its style when it has one.
 */
export interface SearchEntry {
  seq: number;
  length: number;
  style: IconStyle | undefined;
  names: string[];
}

const STYLE_CODE = { fill: 'f', stroke: 's' } as const;
const STYLE_OF: Readonly<Record<number, IconStyle>> = { 1: 'fill', 2: 'stroke' };
const SPACE = 32;

/*
 * Entries are stored as text, one per line: `seq length style name name…`
 * with style `f`, `s` or `-`. Names hold only [a-z0-9-], so spaces and line
 * breaks never occur in them.
 */

export function encodeEntries(entries: readonly SearchEntry[]): string {
  return entries.map((entry) => `${entry.seq} ${entry.length} ${entry.style ? STYLE_CODE[entry.style] : '-'} ${entry.names.join(' ')}`).join('\n');
}

/** Fields of an entry in PostingList's one array: seq, ranking length, style code, where its names start and end in the text. */
const FIELDS = 5;
const SEQ = 0;
const LENGTH = 1;
const STYLE = 2;
const NAMES_START = 3;
const NAMES_END = 4;

/**
 * The entries of one keyword in one set, read from their text without an
 * object per entry: numbers in one typed array, names left in the text until
 * asked for. A search reads thousands of entries for a common word
 * (`arrow`) and keeps a few dozen, and a search of a partial word decodes
 * thousands of short lists.
 */
export class PostingList {
  readonly size: number;
  private readonly fields: Int32Array;

  constructor(readonly text: string) {
    let lines = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    this.size = lines;
    const fields = new Int32Array(lines * FIELDS);
    let position = 0;
    for (let line = 0; line < lines; line++) {
      let seq = 0;
      let code = text.charCodeAt(position);
      for (; code !== SPACE; code = text.charCodeAt(++position)) seq = seq * 10 + code - 48;
      let length = 0;
      for (code = text.charCodeAt(++position); code !== SPACE; code = text.charCodeAt(++position)) length = length * 10 + code - 48;
      const style = text.charCodeAt(++position);
      position += 2;
      let end = text.indexOf('\n', position);
      if (end === -1) end = text.length;
      const at = line * FIELDS;
      fields[at + SEQ] = seq;
      fields[at + LENGTH] = length;
      fields[at + STYLE] = style === 102 ? 1 : style === 115 ? 2 : 0;
      fields[at + NAMES_START] = position;
      fields[at + NAMES_END] = end;
      position = end + 1;
    }
    this.fields = fields;
  }

  /** The place of entry `index` in its set. */
  seq(index: number): number {
    return this.fields[index * FIELDS + SEQ] as number;
  }

  /** The length entry `index` ranks by when its name carries a theme word (0 when not). */
  length(index: number): number {
    return this.fields[index * FIELDS + LENGTH] as number;
  }

  style(index: number): IconStyle | undefined {
    return STYLE_OF[this.fields[index * FIELDS + STYLE] as number];
  }

  /** The first index at or after `from` whose seq is not below `seq` (entries are in seq order); `size` when there is none. */
  seekSeq(seq: number, from: number): number {
    let low = from;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.seq(middle) < seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The names of entry `index`, the icon's own first. */
  names(index: number): string[] {
    return this.text.slice(this.fields[index * FIELDS + NAMES_START], this.fields[index * FIELDS + NAMES_END]).split(' ');
  }

  /** The first name of entry `index`, in order, for which `accept` is true. */
  findName(index: number, accept: (name: string, position: number) => boolean): string | undefined {
    const end = this.fields[index * FIELDS + NAMES_END] as number;
    let start = this.fields[index * FIELDS + NAMES_START] as number;
    for (let position = 0; start < end; position++) {
      let stop = this.text.indexOf(' ', start);
      if (stop === -1 || stop > end) stop = end;
      const name = this.text.slice(start, stop);
      if (accept(name, position)) return name;
      start = stop + 1;
    }
    return undefined;
  }
}

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

/**
 * The entries of one keyword in one set, read from their text without an
 * object per entry: numbers in typed arrays, names left in the text until
 * asked for. A search reads thousands of entries for a common word
 * (`arrow`) and keeps a few dozen.
 */
export class PostingList {
  readonly size: number;
  readonly seqs: Int32Array;
  readonly lengths: Int32Array;
  private readonly styleCodes: Uint8Array;
  private readonly namesStart: Int32Array;
  private readonly namesEnd: Int32Array;

  constructor(readonly text: string) {
    let lines = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    this.size = lines;
    this.seqs = new Int32Array(lines);
    this.lengths = new Int32Array(lines);
    this.styleCodes = new Uint8Array(lines);
    this.namesStart = new Int32Array(lines);
    this.namesEnd = new Int32Array(lines);
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
      this.seqs[line] = seq;
      this.lengths[line] = length;
      this.styleCodes[line] = style === 102 ? 1 : style === 115 ? 2 : 0;
      this.namesStart[line] = position;
      this.namesEnd[line] = end;
      position = end + 1;
    }
  }

  style(index: number): IconStyle | undefined {
    return STYLE_OF[this.styleCodes[index] as number];
  }

  /** The names of entry `index`, the icon's own first. */
  names(index: number): string[] {
    return this.text.slice(this.namesStart[index], this.namesEnd[index]).split(' ');
  }

  /** The first name of entry `index`, in order, for which `accept` is true. */
  findName(index: number, accept: (name: string, position: number) => boolean): string | undefined {
    const end = this.namesEnd[index] as number;
    let start = this.namesStart[index] as number;
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

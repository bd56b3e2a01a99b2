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

/*
 * Entries are stored as text, one per line: `seq length style name name…`
 * with style `f`, `s` or `-`. Names hold only [a-z0-9-], so spaces and line
 * breaks never occur in them.
 */

export function encodeEntries(entries: readonly SearchEntry[]): string {
  return entries.map((entry) => `${entry.seq} ${entry.length} ${entry.style ? STYLE_CODE[entry.style] : '-'} ${entry.names.join(' ')}`).join('\n');
}

export function decodeEntries(text: string): SearchEntry[] {
  return text.split('\n').map((line) => {
    const fields = line.split(' ');
    const style = fields[2];
    return {
      seq: Number(fields[0]),
      length: Number(fields[1]),
      style: style === 'f' ? 'fill' : style === 's' ? 'stroke' : undefined,
      names: fields.slice(3),
    };
  });
}

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { GlyphIndexParts, PostingParts } from './glyph-index.js';
import type { TypoCorrectorParts } from './typo.js';

/*
 * The glyph index and the typo corrector of a catalog database, kept in a
 * file beside it: made by the first server that opens the database, read by
 * every later one in a fraction of the seconds making them takes (grouping
 * 400,000 names into glyphs, filing 60,000 words' deletes), and with none of
 * the garbage making them leaves. The file names the database build it was
 * made from; a file of another build, of another format or unreadable is
 * made again.
 */

/** Bumped whenever what the file holds, or how, changes. */
const GLYPH_FILE_FORMAT = 1;

export interface StoredGlyphs {
  index: GlyphIndexParts;
  corrector: TypoCorrectorParts;
}

type Section = Uint8Array | Uint16Array | Int32Array | Uint32Array | string[];
type SectionKind = 'u8' | 'u16' | 'i32' | 'u32' | 'strings';

interface Header {
  format: number;
  /** The database build the file was made from. */
  build: string;
  sections: Array<{ kind: SectionKind; bytes: number }>;
}

const kindOf = (section: Section): SectionKind =>
  Array.isArray(section)
    ? 'strings'
    : section instanceof Uint8Array
      ? 'u8'
      : section instanceof Uint16Array
        ? 'u16'
        : section instanceof Int32Array
          ? 'i32'
          : 'u32';

function sectionsOf(glyphs: StoredGlyphs): Section[] {
  const postings = (parts: PostingParts): Section[] => [parts.words, parts.starts, parts.glyphs];
  const { index, corrector } = glyphs;
  return [
    index.packs,
    index.packOf,
    index.names,
    index.wordCounts,
    ...postings(index.postings),
    ...postings(index.aliasPostings),
    ...postings(index.tagPostings),
    ...postings(index.ownTagPostings),
    corrector.words,
    corrector.frequencies,
    corrector.offsets,
    corrector.entries,
  ];
}

function fromSections(sections: Section[]): StoredGlyphs {
  let at = 0;
  const next = <T extends Section>() => sections[at++] as T;
  const postings = (): PostingParts => ({ words: next<string[]>(), starts: next<Uint32Array>(), glyphs: next<Int32Array>() });
  const index: GlyphIndexParts = {
    packs: next<string[]>(),
    packOf: next<Uint16Array>(),
    names: next<string[]>(),
    wordCounts: next<Uint8Array>(),
    postings: postings(),
    aliasPostings: postings(),
    tagPostings: postings(),
    ownTagPostings: postings(),
  };
  const corrector: TypoCorrectorParts = { words: next(), frequencies: next(), offsets: next(), entries: next() };
  return { index, corrector };
}

/** The bytes of one section: a typed array's own, or the strings joined by new lines (no name or word holds one). */
function bytesOf(section: Section): Buffer {
  return Array.isArray(section) ? Buffer.from(section.join('\n'), 'utf8') : Buffer.from(section.buffer, section.byteOffset, section.byteLength);
}

function sectionOf(kind: SectionKind, bytes: Buffer): Section {
  // Copied into a buffer of its own: the file's bytes are not aligned for every kind.
  const copy = () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  switch (kind) {
    case 'strings':
      return bytes.byteLength === 0 ? [] : bytes.toString('utf8').split('\n');
    case 'u8':
      return new Uint8Array(copy());
    case 'u16':
      return new Uint16Array(copy());
    case 'i32':
      return new Int32Array(copy());
    case 'u32':
      return new Uint32Array(copy());
  }
}

/** Writes the file for `build` (through a temporary file renamed into place, so that a reader never sees half of it). */
export function writeGlyphFile(path: string, build: string, glyphs: StoredGlyphs): void {
  const parts = sectionsOf(glyphs).map((section) => ({ kind: kindOf(section), bytes: bytesOf(section) }));
  const header: Header = { format: GLYPH_FILE_FORMAT, build, sections: parts.map((part) => ({ kind: part.kind, bytes: part.bytes.byteLength })) };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.byteLength);
  const temporary = `${path}.${process.pid}.${Date.now()}.writing`;
  try {
    writeFileSync(temporary, Buffer.concat([length, headerBytes, ...parts.map((part) => part.bytes)]));
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The glyphs the file holds for `build`; undefined when it is missing, of another build or format, or unreadable. */
export function readGlyphFile(path: string, build: string): StoredGlyphs | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  try {
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as Header;
    if (header.format !== GLYPH_FILE_FORMAT || header.build !== build) return undefined;
    let at = 4 + headerLength;
    const sections = header.sections.map(({ kind, bytes: length }) => {
      const section = sectionOf(kind, bytes.subarray(at, at + length));
      at += length;
      return section;
    });
    if (at !== bytes.byteLength) return undefined;
    return fromSections(sections);
  } catch {
    return undefined;
  }
}

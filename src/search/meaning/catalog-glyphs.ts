import { realpathSync } from 'node:fs';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { CATALOG_FORMAT } from '../../catalog/fingerprint.js';
import { readGlyphFile, writeGlyphFile } from './glyph-file.js';
import { GlyphIndex, type PackNames } from './glyph-index.js';
import { Vocabulary } from './meanings.js';
import { TypoCorrector } from './typo.js';
import { VOCABULARY_KEY } from './vocabulary-apart.js';
import type { VocabularyTable } from './vocabulary.js';

/** The Iconify API's `/collection` answer as the catalog stores it, the fields search reads. */
interface StoredCollection {
  uncategorized?: string[];
  categories?: Record<string, string[]>;
  aliases?: Record<string, string>;
  prefixes?: Record<string, string>;
  suffixes?: Record<string, string>;
}

/** A pack's visible names, plain aliases, themes and categories, from what the catalog stores for `/collection`. */
function packNamesOf(database: CatalogDatabase, pack: string): PackNames | undefined {
  const row = database.iconifySet(pack);
  if (!row) return undefined;
  const collection = JSON.parse(row.collection) as StoredCollection;
  const names = new Set(collection.uncategorized ?? []);
  for (const listed of Object.values(collection.categories ?? {})) for (const name of listed) names.add(name);
  return {
    id: pack,
    names: [...names],
    aliases: collection.aliases ?? {},
    prefixes: collection.prefixes,
    suffixes: collection.suffixes,
    categories: collection.categories,
    tags: row.tags === null ? undefined : (JSON.parse(row.tags) as Record<string, string[]>),
  };
}

/** What search by meaning holds of one database: its glyphs, the words they are named with, and its vocabulary if it has one. */
export interface DatabaseGlyphs {
  index: GlyphIndex;
  corrector: TypoCorrector;
  vocabulary: Vocabulary | undefined;
}

/** Groups a database's names into glyphs and files the words typos are corrected to (names' and the vocabulary's). */
function madeGlyphs(database: CatalogDatabase, vocabulary: Vocabulary | undefined): { index: GlyphIndex; corrector: TypoCorrector } {
  const packs = [...database.packs.keys()].map((pack) => packNamesOf(database, pack)).filter((pack): pack is PackNames => pack !== undefined);
  const index = new GlyphIndex(packs);
  const frequencies = index.wordFrequencies();
  if (vocabulary) for (const word of vocabulary.words()) if (!word.includes('-') && !frequencies.has(word)) frequencies.set(word, 0);
  return { index, corrector: new TypoCorrector(frequencies) };
}

/** The file beside a database that keeps its glyphs (glyph-file.ts): beside the file itself when its path is a symbolic link. */
export function glyphFileOf(database: CatalogDatabase): string {
  try {
    return `${realpathSync(database.path)}.glyphs`;
  } catch {
    return `${database.path}.glyphs`;
  }
}

/**
 * A database's glyphs and vocabulary. The default catalog's (the one with a
 * vocabulary: large, and the same until it is built again) are read from the
 * file beside it when it was made from this very build, else made and
 * written there; a file that cannot be written (a read-only data directory)
 * costs only the making. Own packs' are small and made each time.
 */
export function databaseGlyphsOf(database: CatalogDatabase): DatabaseGlyphs {
  const stored = database.metaValue(VOCABULARY_KEY);
  const vocabulary = stored === undefined ? undefined : new Vocabulary(JSON.parse(stored) as VocabularyTable);
  if (!vocabulary) return { ...madeGlyphs(database, vocabulary), vocabulary };
  const path = glyphFileOf(database);
  const build = `${CATALOG_FORMAT} ${database.metaValue('fingerprint')} ${database.metaValue('built_at')}`;
  const kept = readGlyphFile(path, build);
  if (kept) return { index: GlyphIndex.fromParts(kept.index), corrector: TypoCorrector.fromParts(kept.corrector), vocabulary };
  const made = madeGlyphs(database, vocabulary);
  try {
    writeGlyphFile(path, build, { index: made.index.toParts(), corrector: made.corrector.toParts() });
  } catch {
    // Kept in memory only: the next server makes them again.
  }
  return { ...made, vocabulary };
}

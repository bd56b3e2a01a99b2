import type { Catalog } from '../../catalog/catalog.js';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { GlyphIndex, MAX_POSTING, type PackNames } from './glyph-index.js';
import { MAX_BACK_LINKS, Vocabulary } from './vocabulary.js';
import { TYPO_LIMITS, TypoCorrector } from './typo.js';
import { PartReader, type StoredParts, textBytes } from '../../search-index/stored-parts.js';
import { BACK_LINK_MIN_WEIGHT } from './weights.js';
import { VOCABULARY_KEY, type VocabularyTable } from '../../search-index/vocabulary/build-vocabulary.js';
import { emojiNames } from './emoji-names.js';
import type { IconStyle } from '../../search-index/icon-style.js';
import type { IconsByStyle } from '../../search-index/set-index.js';

/** The Iconify API's `/collection` answer as the catalog stores it, the fields search reads. */
interface StoredCollection {
  uncategorized?: string[];
  categories?: Record<string, string[]>;
  aliases?: Record<string, string>;
  prefixes?: Record<string, string>;
  suffixes?: Record<string, string>;
}

/** A pack's visible names, plain aliases, themes and categories, from what the catalog stores for `/collection`. */
export function packNamesOf(database: CatalogDatabase, pack: string): PackNames | undefined {
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
    styleOf: styleOfIcons(database.drawingOf(pack)),
  };
}

/** How each icon of a pack is drawn: as the whole pack is, or as its own list says when its icons differ. */
function styleOfIcons(drawing: { style: string | null; drawnAs: string | null } | undefined): (name: string) => IconStyle | undefined {
  if (drawing?.style === 'fill' || drawing?.style === 'stroke') {
    const style = drawing.style;
    return () => style;
  }
  if (!drawing?.drawnAs) return () => undefined;
  const drawnAs = JSON.parse(drawing.drawnAs) as IconsByStyle;
  const styles = new Map<string, IconStyle>();
  for (const style of ['fill', 'stroke'] as const) for (const name of drawnAs[style]) styles.set(name, style);
  return (name) => styles.get(name);
}

/** Each pack's names, read as the index asks for them. */
function* packNamesIn(database: CatalogDatabase): Generator<PackNames> {
  for (const pack of database.packs.keys()) {
    const names = packNamesOf(database, pack);
    if (names) yield names;
  }
}

/** What search by meaning holds of one database: its glyphs, the words they are named with, and its vocabulary if it has one. */
export interface DatabaseGlyphs {
  index: GlyphIndex;
  corrector: TypoCorrector;
  vocabulary: Vocabulary | undefined;
}

/** The prefix of each structure's parts among those stored (see search_parts in the catalog's schema). */
const PART_PREFIXES = { index: 'glyph-index/', corrector: 'typo-corrector/', vocabulary: 'vocabulary/' } as const;

/** The stored part that says how the others were made (see RECIPE). */
const RECIPE_PART = 'recipe';

/**
 * How the stored parts are made, beyond the database: the code's own version,
 * bumped when filing glyphs, packing the vocabulary or filing words for typos
 * changes, and the limits and weights they were made with. Parts stored with
 * another recipe are not read but made again at the start, so that a change
 * of a weight never leaves a catalog searching as it did before it.
 */
const RECIPE = JSON.stringify({
  version: 5,
  maxPosting: MAX_POSTING,
  maxBackLinks: MAX_BACK_LINKS,
  backLinkMinWeight: BACK_LINK_MIN_WEIGHT,
  typoLimits: TYPO_LIMITS,
});

/** Whether `stored` holds parts made as this code makes them (see RECIPE): read, they search as made ones do. */
export function storedPartsReadable(stored: StoredParts): boolean {
  const recipe = stored.get(RECIPE_PART);
  return recipe !== undefined && Buffer.from(recipe).toString('utf8') === RECIPE;
}

/**
 * What the default catalog's build stores of search by meaning (see
 * search_parts in the catalog's schema): all of what a start would make of
 * the database, so that a start reads it instead.
 */
export function meaningPartsToStore(database: CatalogDatabase): StoredParts {
  return partsOf(madeGlyphsOf(database));
}

/** The parts `glyphs` are stored as, which databaseGlyphsOf reads again. */
export function partsOf({ index, corrector, vocabulary }: DatabaseGlyphs): StoredParts {
  return new Map([
    [RECIPE_PART, textBytes(RECIPE)],
    ...index.toParts(PART_PREFIXES.index),
    ...corrector.toParts(PART_PREFIXES.corrector),
    ...(vocabulary ? vocabulary.toParts(PART_PREFIXES.vocabulary) : []),
  ]);
}

/**
 * Reads a database's glyphs, vocabulary and typo corrector as its build
 * stored them, or makes them when it stored none, or stored them made
 * otherwise than this code makes them.
 */
export function databaseGlyphsOf(database: CatalogDatabase): DatabaseGlyphs {
  const stored = database.storedSearchParts();
  if (!storedPartsReadable(stored)) return madeGlyphsOf(database);
  const parts = new PartReader(stored, '');
  return {
    index: new GlyphIndex(parts.under(PART_PREFIXES.index)),
    corrector: new TypoCorrector(parts.under(PART_PREFIXES.corrector)),
    vocabulary: stored.has(`${PART_PREFIXES.vocabulary}words`) ? new Vocabulary(parts.under(PART_PREFIXES.vocabulary)) : undefined,
  };
}

/** Files a database's glyphs, reads its vocabulary, and files the words typos are corrected to (names' and the vocabulary's). */
function madeGlyphsOf(database: CatalogDatabase): DatabaseGlyphs {
  const index = new GlyphIndex(packNamesIn(database));
  const table = database.metaValue(VOCABULARY_KEY);
  const vocabulary = table === undefined ? undefined : new Vocabulary(JSON.parse(table) as VocabularyTable);
  const frequencies = index.wordFrequencies();
  if (vocabulary) for (const word of vocabulary.words()) if (!word.includes('-') && !frequencies.has(word)) frequencies.set(word, 0);
  return { index, corrector: new TypoCorrector(frequencies), vocabulary };
}

/** What a search by meaning reads: the glyphs of each database, the vocabulary, and the words typos are corrected to. */
export interface MeaningSources {
  indexes: readonly GlyphIndex[];
  vocabulary: Vocabulary | undefined;
  correctors: readonly TypoCorrector[];
  /** Each emoji with its CLDR name (see emoji-names.ts), when queries' emoji are read by their names. */
  emojiNames?: ReadonlyMap<string, string>;
}

/** What one database holds for search by meaning, made once per database (its serial) and kept while it is open. */
const glyphsOfDatabase = new WeakMap<CatalogDatabase, DatabaseGlyphs>();

function glyphsOf(database: CatalogDatabase): DatabaseGlyphs {
  let glyphs = glyphsOfDatabase.get(database);
  if (!glyphs) glyphsOfDatabase.set(database, (glyphs = databaseGlyphsOf(database)));
  return glyphs;
}

/** The sources of search by meaning over a catalog's databases: the vocabulary is the default catalog's, whichever has one. */
export function meaningSourcesOf(catalog: Catalog): MeaningSources {
  const all = catalog.databases.map(glyphsOf);
  return {
    indexes: all.map((glyphs) => glyphs.index),
    vocabulary: all.find((glyphs) => glyphs.vocabulary !== undefined)?.vocabulary,
    correctors: all.map((glyphs) => glyphs.corrector),
    emojiNames: emojiNames(),
  };
}

import type { Catalog } from '../../catalog/catalog.js';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { keywordSets } from '../iconify/keyword-sets.js';
import { meaningSourcesOf } from '../meaning/catalog-glyphs.js';
import type { GlyphIndex } from '../meaning/glyph-index.js';
import { glyphShapesOf } from '../shape/glyph-shapes.js';
import { storedNamesOf } from './stored-names.js';

/** The databases whose search sources this thread has read. */
const read = new WeakSet<CatalogDatabase>();

/**
 * Reads what searches read of each database of `catalog` that was not read
 * yet: which sets hold each keyword (the Iconify API's search), the glyphs,
 * vocabulary and typo index (search by meaning, with the emoji names the
 * thread reads once), the shapes its build drew
 * (search by shape), and every pack's sorted names (a miss's suggestions). Each is read once per database and kept
 * while it is open, so that no search or miss pays for it. Returns the
 * databases read now.
 */
export function readSearchSources(catalog: Catalog): CatalogDatabase[] {
  const unread = catalog.databases.filter((database) => !read.has(database));
  if (unread.length === 0) return unread;
  // The glyphs of every database at once (the vocabulary of one serves the others), and first: they take
  // the most memory while they are made, and the heap the process keeps is the largest it was.
  const sources = meaningSourcesOf(catalog);
  for (const database of unread) {
    glyphShapesOf(sources.indexes[catalog.databases.indexOf(database)] as GlyphIndex, database);
    keywordSets(database);
    storedNamesOf(database);
  }
  for (const database of unread) read.add(database);
  return unread;
}

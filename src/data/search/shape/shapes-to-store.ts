import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import type { PackShapes } from '../../search-index/stored-shapes.js';
import { packNamesOf } from '../meaning/catalog-glyphs.js';
import { glyphOwnNames } from '../meaning/glyph-index.js';
import { drawIcons } from './glyph-shapes.js';
import { comparedPacks, lookAlikeOrder } from './look-alike.js';

/**
 * The shapes the default catalog's build stores (see glyph_shapes in the
 * catalog's schema): those of the glyphs an unfiltered search by shape of
 * its packs compares, chosen as lookAlike chooses them (the most used packs
 * while its budget lasts, each pack's glyphs as its index files them) and
 * drawn as it draws them (a pack at a time, from the glyphs' own icons in
 * the database), so that a server's first such search compares them at once
 * and answers as it would have after drawing them.
 */
export function shapesToStore(database: CatalogDatabase): PackShapes[] {
  const compared = comparedPacks(lookAlikeOrder(database.packs.keys(), new Set()), (pack) => {
    const packNames = packNamesOf(database, pack);
    const names = packNames ? glyphOwnNames(packNames) : [];
    return names.length > 0 ? { pack, names, run: [0, names.length] as const } : undefined;
  });
  return compared.map(({ pack, names }) => ({
    pack,
    names,
    shapes: drawIcons(
      database,
      names.map((name) => ({ pack, name })),
    ).shapes,
  }));
}

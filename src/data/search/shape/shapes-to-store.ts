import { availableParallelism } from 'node:os';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { WorkerPool } from '../../catalog/worker-pool.js';
import { SHAPE_BYTES, SHEET_ICONS, type ShapeSource } from '../../search-index/shape.js';
import type { PackShapes } from '../../search-index/stored-shapes.js';
import { packNamesOf } from '../meaning/catalog-glyphs.js';
import { glyphOwnNames } from '../meaning/glyph-index.js';
import { iconSources, placeShapes } from './glyph-shapes.js';
import { comparedPacks, lookAlikeOrder } from './look-alike.js';

/**
 * The shapes the default catalog's build stores (see glyph_shapes in the
 * catalog's schema): those of the glyphs an unfiltered search by shape of
 * its packs compares, chosen as lookAlike chooses them (the most used packs
 * while its budget lasts, each pack's glyphs as its index files them) and
 * drawn as it draws them (a pack at a time, from the glyphs' own icons in
 * the database), so that a server's first such search compares them at once
 * and answers as it would have after drawing them.
 *
 * Drawn a sheet at a time by worker threads, one per core (shape-worker.ts),
 * while this thread reads the icons of the packs after: each sheet holds
 * the icons drawIcons would draw in it, so the shapes are the same bytes.
 */
export async function shapesToStore(database: CatalogDatabase): Promise<PackShapes[]> {
  const compared = comparedPacks(lookAlikeOrder(database.packs.keys(), new Set()), (pack) => {
    const packNames = packNamesOf(database, pack);
    const names = packNames ? glyphOwnNames(packNames) : [];
    return names.length > 0 ? { pack, names, run: [0, names.length] as const } : undefined;
  });
  const pool = new WorkerPool<ShapeSource[], Uint8Array>(new URL('./shape-worker.js', import.meta.url), { size: availableParallelism() });
  try {
    return await Promise.all(
      compared.map(async ({ pack, names }) => {
        const { sources, readable } = iconSources(
          database,
          names.map((name) => ({ pack, name })),
        );
        const sheets: Array<Promise<Uint8Array>> = [];
        for (let first = 0; first < sources.length; first += SHEET_ICONS) sheets.push(pool.run(sources.slice(first, first + SHEET_ICONS)));
        const drawn = new Uint8Array(sources.length * SHAPE_BYTES);
        (await Promise.all(sheets)).forEach((shapes, sheet) => {
          drawn.set(shapes, sheet * SHEET_ICONS * SHAPE_BYTES);
        });
        return { pack, names, shapes: placeShapes(names.length, readable, drawn) };
      }),
    );
  } finally {
    await pool.close();
  }
}

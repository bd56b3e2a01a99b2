import type { Catalog } from '../../catalog/catalog.js';

/*
 * What kinds of packs a catalog holds, read once per catalog: the packs of
 * brands' logos, and how each pack draws its icons.
 */

const logoPacksOf = new WeakMap<Catalog, ReadonlySet<string>>();
/** A pack's name that says it draws brands' logos: Font Awesome's archived `fa6-brands` are filed under no Logos category. */
const BRANDS_NAME = /\bbrands?\b/i;
/** The packs of logos (their category, or their name), once per catalog. */
export function logoPacks(catalog: Catalog): ReadonlySet<string> {
  let logos = logoPacksOf.get(catalog);
  if (!logos) {
    const isLogos = (entry: { category?: string; name: string }) => entry.category === 'Logos' || BRANDS_NAME.test(entry.name);
    logos = new Set([...catalog.packs].filter(([, record]) => isLogos(record.entry)).map(([id]) => id));
    logoPacksOf.set(catalog, logos);
  }
  return logos;
}

/** Each pack's drawing style where all its icons share one (see search-index/icon-style.ts). */
export function packStyles(catalog: Catalog): Map<string, string> {
  return new Map([...packDrawings(catalog)].filter(([, style]) => style !== 'mixed'));
}

const packDrawingsOf = new WeakMap<Catalog, ReadonlyMap<string, string>>();
/** Each pack's drawing style: `fill` or `stroke` where all its icons share one, `mixed` where they differ; once per catalog. */
export function packDrawings(catalog: Catalog): ReadonlyMap<string, string> {
  let styles = packDrawingsOf.get(catalog);
  if (!styles) {
    const read = new Map<string, string>();
    for (const database of catalog.databases) for (const row of database.searchSets()) if (row.style !== null) read.set(row.pack, row.style);
    packDrawingsOf.set(catalog, (styles = read));
  }
  return styles;
}

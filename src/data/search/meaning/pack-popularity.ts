import table from './popularity.json' with { type: 'json' };

/**
 * How popular each pack is, for ranking packs in search: the monthly npm
 * downloads of its @iconify-json package (popularity.json, written by
 * scripts/popularity.mjs from a listing of the npm registry, with its
 * source and date).
 */
export const POPULARITY_SOURCE: { source: string; date: string } = { source: table.source, date: table.date };

const DOWNLOADS: ReadonlyMap<string, number> = new Map(Object.entries(table.downloads));

/** A pack's monthly downloads, or undefined for a pack the table does not hold (own packs, packs too new or too little used). */
export function downloadsOf(prefix: string): number | undefined {
  return DOWNLOADS.get(prefix);
}

export interface RankedPack {
  prefix: string;
  /** Icons in the pack. */
  total: number;
}

/**
 * Orders packs most popular first: packs in the table by downloads, then
 * packs absent from it by their number of icons, then by prefix.
 */
export function byPopularity(a: RankedPack, b: RankedPack): number {
  const downloadsA = downloadsOf(a.prefix);
  const downloadsB = downloadsOf(b.prefix);
  if (downloadsA !== undefined || downloadsB !== undefined) {
    if (downloadsA === undefined) return 1;
    if (downloadsB === undefined) return -1;
    if (downloadsA !== downloadsB) return downloadsB - downloadsA;
  }
  return b.total - a.total || (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0);
}

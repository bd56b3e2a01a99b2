import type { Catalog } from '../../catalog/catalog.js';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import { renderSvg } from '../../render/svg.js';
import { type DatabaseGlyphs, databaseGlyphsOf } from './catalog-glyphs.js';
import { type MeaningSources, searchByMeaning } from './meaning-search.js';

/** A search by meaning as `/r/search.json` asks for it, parsed (see registry/search-params.ts). */
export interface MeaningJob {
  kind: 'meaning';
  q: string;
  limit: number;
  offset: number;
  /** Only these packs, when given. */
  packs?: string[];
  /** Only packs under this licence (SPDX id). */
  license?: string;
  /** Only multicolour packs (true) or single-colour ones (false). */
  palette?: boolean;
  /** Only packs drawn with fills, or with strokes. */
  style?: 'fill' | 'stroke';
  /** Packs ranked before the others: the caller's private packs. */
  first?: string[];
  /** Whether results carry their drawing (body and size): not for lists of names. */
  drawings?: boolean;
}

/** One result of `/r/search.json`: a glyph of a pack, its other names, and its drawing. */
export interface MeaningResult {
  id: string;
  pack: string;
  name: string;
  variants: string[];
  width?: number;
  height?: number;
  body?: string;
}

export interface MeaningResults {
  query: string;
  total: number;
  results: MeaningResult[];
  didYouMean?: string;
}

/** What one database holds for search by meaning, made once per database (its serial) and kept while it is open. */
const glyphsOfDatabase = new WeakMap<CatalogDatabase, DatabaseGlyphs>();

export function glyphsOf(database: CatalogDatabase): DatabaseGlyphs {
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
  };
}

/** A word `pack:rest` of the query, as people copy ids (`mdi:home`), where `pack` is a pack id: the search keeps to that pack. */
const PACK_SCOPED_WORD = /(?:^|\s)([a-z0-9]+(?:-[a-z0-9]+)*):(\S*)/;

/** The query without its pack-scoped word, and that word's pack, if it names one. */
function scopeOf(q: string, isPack: (id: string) => boolean): { q: string; pack?: string } {
  const match = PACK_SCOPED_WORD.exec(q.toLowerCase());
  if (!match || !isPack(match[1] as string)) return { q };
  return { q: `${q.slice(0, match.index)} ${match[2]} ${q.slice(match.index + match[0].length)}`, pack: match[1] as string };
}

/** Runs a search by meaning over the packs `served` of `catalog`, with each result's drawing. */
export function runMeaningJob(job: MeaningJob, catalog: Catalog, served: readonly string[]): MeaningResults {
  const shown = new Set(served);
  const scoped = scopeOf(job.q, (id) => shown.has(id));
  const only =
    scoped.pack !== undefined
      ? new Set(job.packs ? job.packs.filter((pack) => pack === scoped.pack) : [scoped.pack])
      : job.packs
        ? new Set(job.packs)
        : undefined;
  const styles = job.style ? packStyles(catalog) : undefined;
  const allowed = (pack: string) => {
    if (!shown.has(pack) || (only && !only.has(pack))) return false;
    const entry = catalog.packs.get(pack)?.entry;
    if (!entry) return false;
    if (job.license !== undefined && entry.license.spdx !== job.license) return false;
    if (job.palette !== undefined && (entry.palette ?? false) !== job.palette) return false;
    return styles === undefined || styles.get(pack) === job.style;
  };
  // A pack is searched in the database that serves it: an own pack may replace a default one of the same id.
  const servedBy = (pack: string, database: number) => catalog.database(pack) === catalog.databases[database] && allowed(pack);
  const sources = meaningSourcesOf(catalog);
  const answer = searchByMeaning({ q: scoped.q, limit: job.limit, offset: job.offset, packs: servedBy, first: new Set(job.first ?? []) }, sources);
  const results = answer.hits.map((hit): MeaningResult => {
    if (job.drawings === false) return { id: `${hit.pack}:${hit.name}`, pack: hit.pack, name: hit.name, variants: hit.variants };
    const icon = catalog.icon(hit.pack, hit.name);
    const drawn = icon ? renderSvg(icon) : { body: '', width: 0, height: 0 };
    return {
      id: `${hit.pack}:${hit.name}`,
      pack: hit.pack,
      name: hit.name,
      variants: hit.variants,
      width: drawn.width,
      height: drawn.height,
      body: drawn.body,
    };
  });
  return { query: answer.query, total: answer.total, results, ...(answer.didYouMean === undefined ? {} : { didYouMean: answer.didYouMean }) };
}

/** Each pack's drawing style where all its icons share one (see search/icon-style.ts). */
function packStyles(catalog: Catalog): Map<string, string> {
  const styles = new Map<string, string>();
  for (const database of catalog.databases)
    for (const row of database.searchSets()) if (row.style === 'fill' || row.style === 'stroke') styles.set(row.pack, row.style);
  return styles;
}

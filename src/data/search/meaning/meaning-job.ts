import type { Catalog } from '../../catalog/catalog.js';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import type { IconifyIcon } from '@iconify/types';
import { iconToSVG } from '@iconify/utils';
import { type DatabaseGlyphs, databaseGlyphsOf } from './catalog-glyphs.js';
import { type MeaningAnswer, type MeaningHit, type MeaningSources, searchByMeaning, TIERS } from './meaning-search.js';
import { nameWordsOf } from '../../search-index/vocabulary/words.js';
import { downloadsOf } from './pack-popularity.js';

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
  /** An icon id: the icons of other packs that mean the same, the best of each pack, instead of a search of `q`. */
  like?: string;
  /** Index entries the search may read, when fewer than search by meaning's own bound. */
  workUnits?: number;
}

/** One result of a search by meaning: a glyph of a pack and its other names. */
export interface MeaningResult {
  id: string;
  pack: string;
  name: string;
  variants: string[];
}

/** One result of `/r/search.json`: a glyph with its drawing, the body and size an icon document gives, without the <svg> around them. */
export interface DrawnMeaningResult extends MeaningResult {
  width: number;
  height: number;
  body: string;
}

export interface MeaningResults<Result extends MeaningResult = MeaningResult> {
  query: string;
  total: number;
  results: Result[];
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

/**
 * Runs a search by meaning over the packs `served` of `catalog`. Results
 * carry names, not drawings: the search thread runs one search at a time,
 * and reading and drawing each result's icon (withDrawings) is left to the
 * thread that answers, so that the two threads share an answer's work.
 */
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
  const first = new Set(job.first ?? []);
  const answer =
    job.like === undefined
      ? searchByMeaning({ q: scoped.q, limit: job.limit, offset: job.offset, packs: servedBy, first, workUnits: job.workUnits }, sources)
      : sameMeaning(
          job.like,
          job,
          sources,
          (pack, database) => servedBy(pack, database),
          (pack) => shown.has(pack),
        );
  const results = answer.hits.map((hit): MeaningResult => ({ id: `${hit.pack}:${hit.name}`, pack: hit.pack, name: hit.name, variants: hit.variants }));
  return { query: answer.query, total: answer.total, results, ...(answer.didYouMean === undefined ? {} : { didYouMean: answer.didYouMean }) };
}

/** The results with their drawings: `icon` reads an icon (resolved) of a pack the search served. */
export function withDrawings(found: MeaningResults, icon: (pack: string, name: string) => IconifyIcon | undefined): MeaningResults<DrawnMeaningResult> {
  const results = found.results.map((result): DrawnMeaningResult => {
    const data = icon(result.pack, result.name);
    const drawn = data ? iconToSVG(data) : undefined;
    // Each field named, not spread from `result`: a spread makes a larger object, and more garbage, for every result the serving thread draws.
    return {
      id: result.id,
      pack: result.pack,
      name: result.name,
      variants: result.variants,
      width: drawn?.viewBox[2] ?? 0,
      height: drawn?.viewBox[3] ?? 0,
      body: drawn?.body ?? '',
    };
  });
  return { ...found, results };
}

/** Names of the icon a `like` search starts from that are searched, at most: its own, then its variants and aliases. */
const MAX_LIKE_NAMES = 4;
/** What a match of one word of a several-word name counts of a match of the whole name. */
const PART_SHARE = 0.7;
/** Results read of each of those searches for the best of each pack. */
const LIKE_DEPTH = 1000;

/**
 * The icons of other packs that mean what `id` means: each of its names
 * (`mdi:delete` is also `trash-can`) searched as a query, and of each pack
 * the best result of the first name that finds any, packs in the order the
 * searches rank them. An id of a pack not served, or a name its pack lacks,
 * finds nothing.
 */
function sameMeaning(
  id: string,
  job: MeaningJob,
  sources: MeaningSources,
  allowed: (pack: string, database: number) => boolean,
  served: (pack: string) => boolean,
): MeaningAnswer {
  const colon = id.indexOf(':');
  const pack = id.slice(0, colon);
  const name = id.slice(colon + 1);
  const none: MeaningAnswer = { query: id, total: 0, hits: [], work: 0 };
  if (!served(pack)) return none;
  const own = searchByMeaning({ q: name.replace(/-/g, ' '), limit: LIKE_DEPTH, offset: 0, packs: (other) => other === pack }, sources).hits.find(
    (hit) => hit.name === name || hit.variants.includes(name),
  );
  if (!own) return none;
  const best = new Map<string, MeaningHit>();
  let work = 0;
  // Each name whole, then each of its words alone, a little lower: another pack may call `content-copy` just `copy`.
  // Its aliases, not its themes: `gear-bold` says nothing `gear` does not, but `bold`.
  const ownWords = nameWordsOf(own.name);
  const others = own.variants.map(nameWordsOf).filter((words) => !ownWords.every((word) => words.includes(word)));
  const names = [ownWords, ...others].slice(0, MAX_LIKE_NAMES);
  const queries = [...names.map((words) => ({ q: words.join(' '), share: 1 })), ...[...new Set(names.flat())].map((word) => ({ q: word, share: PART_SHARE }))];
  for (const { q, share } of queries) {
    if (q === '') continue;
    const found = searchByMeaning({ q, limit: LIKE_DEPTH, offset: 0, packs: (other, database) => other !== pack && allowed(other, database) }, sources);
    work += found.work;
    for (const match of found.hits) {
      const hit = share === 1 ? match : { ...match, tier: Math.max(match.tier, TIERS.meaning), score: share * match.score };
      const had = best.get(hit.pack);
      if (!had || hit.tier < had.tier || (hit.tier === had.tier && hit.score > had.score)) best.set(hit.pack, hit);
    }
  }
  const ranked = [...best.values()].sort((a, b) => a.tier - b.tier || (downloadsOf(b.pack) ?? 0) - (downloadsOf(a.pack) ?? 0) || (a.pack < b.pack ? -1 : 1));
  return { query: id, total: ranked.length, hits: ranked.slice(job.offset, job.offset + job.limit), work };
}

/** Each pack's drawing style where all its icons share one (see search/icon-style.ts). */
function packStyles(catalog: Catalog): Map<string, string> {
  const styles = new Map<string, string>();
  for (const database of catalog.databases)
    for (const row of database.searchSets()) if (row.style === 'fill' || row.style === 'stroke') styles.set(row.pack, row.style);
  return styles;
}

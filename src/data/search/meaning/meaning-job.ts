import type { IconifyIcon } from '@iconify/types';
import { iconToSVG } from '@iconify/utils';

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
  /** Only icons drawn with fills, or with strokes (see GlyphIndex.drawnIn). */
  style?: 'fill' | 'stroke';
  /** Packs ranked before the others: the caller's private packs. */
  first?: string[];
  /** An icon id: the icons of other packs that mean the same, the best of each pack, instead of a search of `q`. */
  like?: string;
  /** A drawing's shape, as hex (see search-index/shape.ts): the glyphs that look most like it, instead of a search of `q`. */
  shape?: string;
  /** Index entries the search may read, when fewer than search by meaning's own bound. */
  workUnits?: number;
}

/** One result of a search by meaning: a glyph of a pack and its other names. */
export interface MeaningResult {
  id: string;
  pack: string;
  name: string;
  variants: string[];
  /** Found as the equivalent, in the one pack searched, of this result of the rest of the catalog: the pack names it otherwise. */
  equivalentOf?: string;
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
      ...(result.equivalentOf === undefined ? {} : { equivalentOf: result.equivalentOf }),
      width: drawn?.viewBox[2] ?? 0,
      height: drawn?.viewBox[3] ?? 0,
      body: drawn?.body ?? '',
    };
  });
  return { ...found, results };
}

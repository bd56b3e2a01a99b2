import { isValidName } from '../util/names.js';
import type { MeaningJob } from '../data/search/meaning/meaning-job.js';
import { badRequest, type Problem } from '../core/problem.js';
import { parametersProblem } from '../core/query-parameters.js';

/** Results one `/r/search.json` page holds by default, and at most (the Iconify API's `/search` has its own: data/search/iconify/search-limits.ts). */
export const DEFAULT_SEARCH_JSON_LIMIT = 48;
export const MAX_SEARCH_JSON_LIMIT = 200;
/** Deepest a page may start: no one reads past it, and each page ranks everything before it. */
export const MAX_SEARCH_OFFSET = 10_000;
/** Longest `q` read, and most pack ids in `packs`. */
export const MAX_QUERY_LENGTH = 256;
export const MAX_SEARCH_PACKS = 64;

/** Draws a pasted SVG (the `svg` parameter): its shape as hex, or the problem with it (see pasted-svg.ts). */
export type PastedShape = (svg: string) => string | Problem;

const WHOLE_NUMBER = /^(0|[1-9][0-9]{0,6})$/;
const PARAMETERS = new Set(['q', 'like', 'svg', 'limit', 'offset', 'packs', 'license', 'palette', 'style']);
/** An icon id as `like` takes it. */
export const ICON_ID = /^[a-z0-9]+(-[a-z0-9]+)*:[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The search `/r/search.json?q=&limit=&offset=&packs=&license=&palette=&style=`
 * asks for, or the problem with its query string. Unknown parameters are
 * refused, so that a typo in a filter is not silently a search of everything,
 * and so are repeated ones.
 */
export function searchJobOf(query: URLSearchParams, shapeOfPasted?: PastedShape): Omit<MeaningJob, 'first'> | Problem {
  const refused = parametersProblem(query, PARAMETERS, '/r/search.json');
  if (refused) return refused;
  const q = query.get('q') ?? '';
  if (q.length > MAX_QUERY_LENGTH) return badRequest(`The q parameter is longer than ${MAX_QUERY_LENGTH} characters.`);
  const limit = query.get('limit') ?? String(DEFAULT_SEARCH_JSON_LIMIT);
  if (!WHOLE_NUMBER.test(limit) || Number(limit) < 1 || Number(limit) > MAX_SEARCH_JSON_LIMIT)
    return badRequest(`The limit parameter must be a whole number from 1 to ${MAX_SEARCH_JSON_LIMIT}.`);
  const offset = query.get('offset') ?? '0';
  if (!WHOLE_NUMBER.test(offset) || Number(offset) > MAX_SEARCH_OFFSET)
    return badRequest(`The offset parameter must be a whole number from 0 to ${MAX_SEARCH_OFFSET}.`);
  const job: Omit<MeaningJob, 'first'> = { kind: 'meaning', q, limit: Number(limit), offset: Number(offset) };
  const like = query.get('like');
  if (like !== null) {
    if (q !== '') return badRequest('Give q or like, not both.');
    if (like.length > 201 || !ICON_ID.test(like)) return badRequest("The like parameter must be an icon id, such as 'mdi:delete'.");
    job.like = like;
  }
  const svg = query.get('svg');
  if (svg !== null) {
    if (q !== '' || like !== null) return badRequest('Give one of q, like and svg.');
    if (!shapeOfPasted) return badRequest('This search does not compare shapes.');
    const shape = shapeOfPasted(svg);
    if (typeof shape !== 'string') return shape;
    job.shape = shape;
  }
  const packs = query.get('packs');
  if (packs !== null && packs !== '') {
    const ids = [...new Set(packs.split(','))];
    if (ids.length > MAX_SEARCH_PACKS || !ids.every(isValidName))
      return badRequest(`The packs parameter must be a comma-separated list of at most ${MAX_SEARCH_PACKS} pack ids.`);
    job.packs = ids.sort();
  }
  const license = query.get('license');
  if (license !== null && license !== '') {
    if (!/^[A-Za-z0-9.+-]{1,64}$/.test(license)) return badRequest('The license parameter must be an SPDX licence id, such as MIT or Apache-2.0.');
    job.license = license;
  }
  const palette = query.get('palette');
  if (palette !== null && palette !== '') {
    if (palette !== 'mono' && palette !== 'color') return badRequest("The palette parameter must be 'mono' or 'color'.");
    job.palette = palette === 'color';
  }
  const style = query.get('style');
  if (style !== null && style !== '') {
    if (style !== 'fill' && style !== 'stroke') return badRequest("The style parameter must be 'fill' or 'stroke'.");
    job.style = style;
  }
  return job;
}

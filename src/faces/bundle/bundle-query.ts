import { isValidName } from '../../util/names.js';
import { FILE_FORMATS, type FileFormat } from '../../core/render/bundle-files.js';
import { MAX_BUNDLE_ICONS } from '../../core/bundle-limits.js';
import type { BundleFormat } from '../../core/paths.js';
import { badRequest, quoted, type Problem } from '../../core/problem.js';

/** An icon asked for by its global id. */
export interface IconId {
  pack: string;
  name: string;
}

/** What a bundle request asks for, normalised: each id once, sorted, so that the same set in any order is one answer. */
export interface BundleQuery {
  format: BundleFormat;
  ids: IconId[];
  /** What the files of a zip are (SVG for other formats). */
  files: FileFormat;
}

export const idOf = (id: IconId) => `${id.pack}:${id.name}`;

/**
 * Reads `icons` (ids `pack:name`, separated by commas, in one or several
 * `icons` parameters) and `format` (zips only) from a bundle's query. An
 * empty list, a malformed id, more than MAX_BUNDLE_ICONS distinct ids, or a
 * format no zip has is a 400 naming what is wrong. Reading costs at most
 * the query's length, which the request target bounds.
 */
export function bundleQueryOf(query: URLSearchParams, format: BundleFormat): BundleQuery | Problem {
  const files = fileFormatOf(query.get('format'), format);
  if (typeof files !== 'string') return files;
  const seen = new Set<string>();
  const ids: IconId[] = [];
  for (const value of query.getAll('icons')) {
    for (const part of value.split(',')) {
      if (part === '' || seen.has(part)) continue;
      const colon = part.indexOf(':');
      const pack = part.slice(0, colon);
      const name = part.slice(colon + 1);
      if (colon <= 0 || !isValidName(pack) || !isValidName(name)) {
        return badRequest(`${quoted(part)} is not an icon id: ids are 'pack:name', as in 'mdi:home', separated by commas.`);
      }
      if (seen.size === MAX_BUNDLE_ICONS) return tooMany();
      seen.add(part);
      ids.push({ pack, name });
    }
  }
  if (ids.length === 0) return badRequest("A bundle needs icons: 'icons=mdi:home,lucide:trash' (at most 200 ids).");
  ids.sort((a, b) => compare(a.pack, b.pack) || compare(a.name, b.name));
  return { format, ids, files };
}

/** The `format` of a query: the files of a zip (SVG by default), which other answers have none of. */
export function fileFormatOf(asked: string | null, format: BundleFormat): FileFormat | Problem {
  if (asked === null) return 'svg';
  const known = FILE_FORMATS.find((files) => files === asked);
  if (!known) return badRequest(`There is no file format ${quoted(asked)}: 'format' is one of ${FILE_FORMATS.join(', ')}.`);
  if (format !== 'zip' && known !== 'svg') return badRequest(`'format' chooses the files of a zip; ${quoted(`bundle.${format}`)} has none.`);
  return known;
}

const tooMany = (): Problem => ({
  status: 400,
  code: 'too_many_icons',
  detail: `A bundle names at most ${MAX_BUNDLE_ICONS} icons; split the list into several requests.`,
});

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

import { FILE_FORMATS, type FileFormat } from '../../core/render/bundle-files.js';
import { type IconId, iconIdsOf } from '../../core/icon-ids.js';
import type { BundleFormat } from '../../core/paths.js';
import { badRequest, quoted, type Problem } from '../../core/problem.js';
import { parametersProblem } from '../../core/query-parameters.js';

/** What a bundle request asks for, normalised: each id once, sorted, so that the same set in any order is one answer. */
export interface BundleQuery {
  format: BundleFormat;
  ids: IconId[];
  /** What the files of a zip are (SVG for other formats). */
  files: FileFormat;
}

/**
 * Reads `icons` (ids `pack:name`, separated by commas, in one or several
 * `icons` parameters) and `format` (zips only) from a bundle's query. An
 * empty list, a malformed id, more than MAX_BUNDLE_ICONS distinct ids, or a
 * format no zip has is a 400 naming what is wrong. Reading costs at most
 * the query's length, which the request target bounds.
 */
export function bundleQueryOf(query: URLSearchParams, format: BundleFormat): BundleQuery | Problem {
  const refused = parametersProblem(query, BUNDLE_PARAMETERS, `/r/bundle.${format}`, LISTS);
  if (refused) return refused;
  const files = fileFormatOf(query.get('format'), format);
  if (typeof files !== 'string') return files;
  const ids = iconIdsOf(query, 'A bundle');
  return Array.isArray(ids) ? { format, ids, files } : ids;
}

/** What a bundle takes: `format` too, which only a zip has, so that asking another for it is told why it has none. */
const BUNDLE_PARAMETERS = new Set(['icons', 'format']);
/** `icons` may come in several parts. */
const LISTS = new Set(['icons']);
/** What a whole pack's zip takes. */
const PACK_ZIP_PARAMETERS = new Set(['format']);

/** The files a whole pack's zip holds, from its query (`format`), or the problem with the query. */
export function packZipFilesOf(query: URLSearchParams, route: string): FileFormat | Problem {
  return parametersProblem(query, PACK_ZIP_PARAMETERS, route) ?? fileFormatOf(query.get('format'), 'zip');
}

/** The `format` of a query: the files of a zip (SVG by default), which other answers have none of. */
function fileFormatOf(asked: string | null, format: BundleFormat): FileFormat | Problem {
  if (asked === null) return 'svg';
  const known = FILE_FORMATS.find((files) => files === asked);
  if (!known) return badRequest(`There is no file format ${quoted(asked)}: 'format' is one of ${FILE_FORMATS.join(', ')}.`);
  if (format !== 'zip' && known !== 'svg') return badRequest(`'format' chooses the files of a zip; ${quoted(`bundle.${format}`)} has none.`);
  return known;
}

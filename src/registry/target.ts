import { badRequest, notFound, uriTooLong, type Problem } from './problem.js';

export const MAX_TARGET_BYTES = 2048;

/** What a request target asks for, once decoded. Names are not validated here. */
export type Route =
  | { kind: 'index' }
  | { kind: 'openapi' }
  | { kind: 'pack'; pack: string }
  | { kind: 'icon'; pack: string; name: string };

/** Bytes a request target may never contain: controls, space, DEL and anything beyond ASCII. */
const FORBIDDEN_RAW = /[^\x21-\x7e]/;
/** Decoded characters no pack id or icon name can hold and that only appear in attacks. */
const FORBIDDEN_DECODED = /[\x00-\x1f\x7f]/;

/** Normalises `--base-path` to '' or '/segment[/segment...]' without a trailing slash. */
export function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Parses a raw request target (path and query, as received) into a route.
 * Segments are split before percent-decoding, so an encoded slash stays
 * inside its segment and can never change which resource is addressed.
 * The query string is ignored.
 */
export function parseTarget(target: string, basePath: string): Route | Problem {
  if (Buffer.byteLength(target, 'latin1') > MAX_TARGET_BYTES) return uriTooLong(MAX_TARGET_BYTES);
  if (FORBIDDEN_RAW.test(target)) return badRequest('The request target contains a control, space or non-ASCII character.');
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return badRequest('The request target has invalid percent-encoding.');
    }
    if (FORBIDDEN_DECODED.test(segment)) return badRequest('The request target encodes a control character.');
    segments.push(segment);
  }
  // '' splits to [''], '/icons' to ['', 'icons']: both line up with the leading empty segment.
  const expected = [...basePath.split('/'), 'r'];
  if (segments.length <= expected.length || expected.some((segment, i) => segments[i] !== segment)) return notFound();
  const rest = segments.slice(expected.length);
  const last = rest[rest.length - 1] ?? '';
  if (!last.endsWith('.json')) return notFound();
  const stem = last.slice(0, -'.json'.length);
  // An empty segment ('/r//x.json', '/r/.json') names nothing: that is a path error, not a missing pack.
  if (stem === '' || rest[0] === '') return notFound();
  if (rest.length === 1) {
    if (stem === 'registry') return { kind: 'index' };
    if (stem === 'openapi') return { kind: 'openapi' };
    return { kind: 'pack', pack: stem };
  }
  if (rest.length === 2) return { kind: 'icon', pack: rest[0] ?? '', name: stem };
  return notFound();
}

export function isProblem(value: Route | Problem): value is Problem {
  return 'status' in value;
}

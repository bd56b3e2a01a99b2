import { badRequest, notFound, uriTooLong, type Problem } from './problem.js';
import { routeOfSegments, type Route } from './paths.js';

export const MAX_TARGET_BYTES = 2048;
/**
 * Longest request body read, on the one route that takes one (the MCP
 * server's POST): a tool call naming the most icons a bundle may hold, with
 * the longest ids, fits several times over; a longer body is refused before
 * it is read to its end.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Bytes a request target may never contain: controls, space, DEL and anything beyond ASCII. */
const FORBIDDEN_RAW = /[^\x21-\x7e]/;
/** Decoded characters no pack id or icon name can hold and that only appear in attacks. */
const FORBIDDEN_DECODED = /[\x00-\x1f\x7f]/;
/** The scheme and authority of an absolute-form target (RFC 9112 3.2.2), which a proxy may send. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * Parses a raw request target (path and query, as received) into a route.
 * An absolute-form target is answered as its path. Segments are split
 * before percent-decoding, so an encoded slash stays inside its segment
 * and can never change which resource is addressed. The query string is
 * not part of the route.
 */
export function parseTarget(target: string, basePath: string): Route | Problem {
  // Node hands the target over as latin1, one character per byte.
  if (target.length > MAX_TARGET_BYTES) return uriTooLong(MAX_TARGET_BYTES);
  if (FORBIDDEN_RAW.test(target)) return badRequest('The request target contains a control, space or non-ASCII character.');
  const origin = ABSOLUTE_FORM.exec(target);
  const originForm = origin ? target.slice(origin[0].length) || '/' : target;
  const query = originForm.indexOf('?');
  const path = query === -1 ? originForm : originForm.slice(0, query);
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    // Without a '%' there is nothing to decode, and the raw check above has seen every character.
    if (!raw.includes('%')) {
      segments.push(raw);
      continue;
    }
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return badRequest('The request target has invalid percent-encoding.');
    }
    if (FORBIDDEN_DECODED.test(segment)) return badRequest('The request target encodes a control character.');
    segments.push(segment);
  }
  return routeOfSegments(segments, basePath) ?? notFound(basePath);
}

export function isProblem(value: Route | Problem): value is Problem {
  return 'status' in value;
}

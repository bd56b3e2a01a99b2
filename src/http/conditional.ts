import type { RequestHeaders } from './request-headers.js';

/** RFC 9110 weak comparison: `W/"x"` matches `"x"`; `*` matches any current representation. */
function etagListMatches(header: string, etags: readonly string[]): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => etags.includes(candidate.trim().replace(/^W\//, '')));
}

/**
 * Whether a GET or HEAD may be answered 304 Not Modified (RFC 9110 13.2.2):
 * If-None-Match decides when present (against the ETags of every content
 * coding of the resource, since a cache may hold any of them);
 * If-Modified-Since only without it, and only when it is the date the
 * resource has now (as nginx's `if_modified_since exact`): a pack held back to
 * an older revision is dated earlier than the one a cache holds, which a
 * date at or after it would wrongly call current.
 */
export function isNotModified(
  headers: Pick<RequestHeaders, 'if-none-match' | 'if-modified-since'>,
  etags: readonly string[],
  lastModified: number | undefined,
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagListMatches(ifNoneMatch, etags);
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates are whole seconds.
  return !Number.isNaN(since) && Math.floor(lastModified / 1000) === Math.floor(since / 1000);
}

import type { Encoding } from '../util/compression.js';
import { etagFor, type Resource } from '../core/resource.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Headers every answer carries, errors, preflights and parser errors included, but for its X-Request-Id. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Link, X-Request-Id',
  'x-content-type-options': 'nosniff',
};

/**
 * Successful documents are cacheable for `maxAge` seconds; a 404 briefly
 * (the pack may be added soon); any other error not at all.
 */
function cacheControl(status: number, maxAge: number): string {
  if (status < 300) return `public, max-age=${maxAge}`;
  if (status === 404) return 'public, max-age=60';
  return 'no-store';
}

/** Headers describing a resource in one content coding, shared by 200 and 304 answers. */
export function resourceHeaders(resource: Resource, maxAge: number, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': resource.contentType,
    etag: etagFor(resource.etag, encoding),
    'cache-control': resource.cacheControl ?? cacheControl(resource.status, maxAge),
    vary: 'Accept-Encoding',
  };
  if (resource.lastModified !== undefined) headers['last-modified'] = new Date(resource.lastModified).toUTCString();
  return headers;
}

import type { Encoding } from '../util/compression.js';
import { etagFor, type Resource } from '../core/resource.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/**
 * Headers every answer carries, errors, preflights and parser errors included, but for its X-Request-Id,
 * as a flat [name, value, ...] list: Node writes such a list as it is, and a list is made far faster than
 * an object spread into one (see header-lines.ts).
 */
export const COMMON_HEADER_LINES: readonly string[] = [
  'access-control-allow-origin',
  '*',
  'access-control-expose-headers',
  'ETag, Link, X-Request-Id',
  'x-content-type-options',
  'nosniff',
];

/**
 * Successful documents are cacheable for `maxAge` seconds; a 404 briefly
 * (the pack may be added soon); any other error not at all.
 */
function cacheControl(status: number, maxAge: number): string {
  if (status < 300) return `public, max-age=${maxAge}`;
  if (status === 404) return 'public, max-age=60';
  return 'no-store';
}

/** Headers describing a resource in one content coding, shared by 200 and 304 answers, as a flat [name, value, ...] list. */
export function resourceHeaderLines(resource: Resource, maxAge: number, encoding: Encoding): string[] {
  const lines = [
    'content-type',
    resource.contentType,
    'etag',
    etagFor(resource.etag, encoding),
    'cache-control',
    resource.cacheControl ?? cacheControl(resource.status, maxAge),
    'vary',
    'Accept-Encoding',
  ];
  if (resource.lastModified !== undefined) lines.push('last-modified', new Date(resource.lastModified).toUTCString());
  return lines;
}

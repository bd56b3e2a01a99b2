import type { Encoding } from '../compression.js';
import { etagFor, type Resource } from '../registry/resource.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Headers every response carries, errors and preflights included. */
export function commonHeaders(requestId: string): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'ETag, X-Request-Id',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  };
}

/**
 * Successful documents are cacheable for `maxAge` seconds; a 404 briefly
 * (the pack may be added soon); any other error not at all.
 */
function cacheControl(status: number, maxAge: number): string {
  if (status < 300) return `public, max-age=${maxAge}`;
  if (status === 404) return 'public, max-age=60';
  return 'no-store';
}

/**
 * Headers describing a resource in one content coding, shared by 200 and 304
 * answers. Not kept here: HeaderLines keeps the lines of resources that are
 * asked for again, and a problem's resource is made for one answer.
 */
export function resourceHeaders(resource: Resource, maxAge: number, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': resource.contentType,
    etag: etagFor(resource.etag, encoding),
    'cache-control': cacheControl(resource.status, maxAge),
    vary: 'Accept-Encoding',
  };
  if (resource.lastModified !== undefined) headers['last-modified'] = new Date(resource.lastModified).toUTCString();
  return headers;
}

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

/** Per resource, the headers of each coding: computed on the first request, reused after (dates and tags included). */
const describedResources = new WeakMap<Resource, Map<string, Readonly<Record<string, string>>>>();

/** Headers describing a resource in one content coding, shared by 200 and 304 answers. */
export function resourceHeaders(resource: Resource, maxAge: number, encoding: Encoding): Readonly<Record<string, string>> {
  let described = describedResources.get(resource);
  if (!described) describedResources.set(resource, (described = new Map()));
  const key = `${encoding} ${maxAge}`;
  let headers = described.get(key);
  if (!headers) {
    const made: Record<string, string> = {
      'content-type': resource.contentType,
      etag: etagFor(resource.etag, encoding),
      'cache-control': cacheControl(resource.status, maxAge),
      vary: 'Accept-Encoding',
    };
    if (resource.lastModified !== undefined) made['last-modified'] = new Date(resource.lastModified).toUTCString();
    described.set(key, (headers = made));
  }
  return headers;
}

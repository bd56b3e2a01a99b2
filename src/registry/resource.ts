import { compress, type Encoding } from '../compression.js';
import { etagOf } from '../etag.js';
import { problemJson, type Problem } from './problem.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json';

/**
 * A complete answer, ready to send: status, bytes in each content coding and
 * the metadata HTTP caching needs. The server and any exporter send exactly
 * these bytes.
 */
export interface Resource {
  status: number;
  contentType: string;
  /** Strong ETag of the identity bytes; see `etagFor` for the compressed ones. */
  etag: string;
  /** Milliseconds since the epoch, whole seconds (HTTP dates have no finer precision). */
  lastModified: number | undefined;
  /** Problem code for error answers. */
  code?: string;
  /** The bytes in one content coding. */
  bytes(encoding: Encoding): Buffer;
  /** Memory this resource may hold once every coding was asked for (for cache bounds). */
  size: number;
}

/**
 * Each content coding is its own representation with its own strong ETag
 * (RFC 9110 8.8.3): `"tag"`, `"tag-br"`, `"tag-gz"`.
 */
export function etagFor(etag: string, encoding: Encoding): string {
  if (encoding === 'identity') return etag;
  return `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/** The ETags of every coding of a resource: any of them validates a cached copy. */
export function allEtags(etag: string): string[] {
  return [etag, etagFor(etag, 'br'), etagFor(etag, 'gzip')];
}

/** A resource held in memory whose compressed codings are made on first use, then kept. */
export function memoryResource(
  fields: Omit<Resource, 'bytes' | 'size' | 'etag'> & { etag?: string },
  body: Buffer,
): Resource {
  const variants: Partial<Record<Encoding, Buffer>> = { identity: body };
  return {
    ...fields,
    etag: fields.etag ?? etagOf(body),
    // Compressed JSON is far smaller than the original: twice the body bounds all three.
    size: body.length * 2 + 256,
    bytes(encoding) {
      return (variants[encoding] ??= compress(body, encoding as Exclude<Encoding, 'identity'>));
    },
  };
}

/**
 * A resource whose codings were all made when the catalog was built; each
 * coding is read from it on first use and then kept with the resource.
 */
export function storedResource(fields: Omit<Resource, 'bytes' | 'size'> & { size: number }, read: (encoding: Encoding) => Buffer): Resource {
  const variants: Partial<Record<Encoding, Buffer>> = {};
  return {
    ...fields,
    size: fields.size * 2 + 256,
    bytes(encoding) {
      return (variants[encoding] ??= read(encoding));
    },
  };
}

export function documentResource(body: Buffer, lastModified: number | undefined): Resource {
  return memoryResource({ status: 200, contentType: JSON_TYPE, lastModified }, body);
}

export function problemResource(problem: Problem): Resource {
  return memoryResource({ status: problem.status, contentType: PROBLEM_TYPE, lastModified: undefined, code: problem.code }, Buffer.from(problemJson(problem)));
}

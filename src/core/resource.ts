import { type CompressedEncoding, compress, type Encoding } from '../util/compression.js';
import { etagOf } from '../util/etag.js';
import { problemJson, type Problem } from './problem.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json';
/** The abbreviated packument npm asks for when it installs (the npm registry's `Accept` and `Content-Type`). */
export const NPM_ABBREVIATED_TYPE = 'application/vnd.npm.install-v1+json';

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
  /** Cache-Control when it is not the one the status implies (see http/headers.ts). */
  cacheControl?: string;
  /** The bytes in one content coding, whole. */
  bytes(encoding: Encoding): Buffer;
  /**
   * Length of the bytes in one coding, known without reading them; undefined
   * for an answer made as it is sent (a whole pack as a zip), sent chunked.
   */
  byteLength(encoding: Encoding): number | undefined;
  /**
   * Already compressed (a zip): sent in the identity coding whatever the
   * client accepts, since compressing it again gains nothing.
   */
  identityOnly?: boolean;
  /**
   * For a coding too large to be held for one request: its bytes in order,
   * read one chunk at a time as the client takes them. Undefined when the
   * coding is held whole (then `bytes` is sent).
   */
  chunks?(encoding: Encoding): Iterator<Buffer> | undefined;
  /** Memory this resource may hold once every coding was asked for (for cache bounds). */
  size: number;
  /** The Problem a problem document was made from, so that a face showing it otherwise (the shadcn CLI's form) starts from the value, not the bytes. */
  problem?: Problem;
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

/**
 * The bytes in memory of their own. Node makes a Buffer shorter than 4 KB (an
 * icon document from its string, a small compressed answer) as a slice of an
 * 8 KB slab shared with the allocations around it: kept in a cache, it keeps
 * the whole slab alive after the others died.
 */
function unpooled(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

type ResourceFields = Omit<Resource, 'bytes' | 'byteLength' | 'chunks' | 'size' | 'etag' | 'problem'> & { etag?: string };

/** A resource held in memory whose compressed codings are made on first use, then kept; or given, made already (`codings`). */
export function memoryResource(fields: ResourceFields, body: Buffer, codings?: Readonly<Record<CompressedEncoding, Buffer>>): Resource {
  const identity = unpooled(body);
  const variants: Partial<Record<Encoding, Buffer>> = codings ? { identity, gzip: unpooled(codings.gzip), br: unpooled(codings.br) } : { identity };
  const bytes = (encoding: Encoding) => (variants[encoding] ??= unpooled(compress(identity, encoding as Exclude<Encoding, 'identity'>)));
  return {
    ...fields,
    etag: fields.etag ?? etagOf(identity),
    // Compressed JSON is far smaller than the original: twice the body bounds all three.
    size: identity.length * 2 + 256,
    bytes,
    byteLength: (encoding) => bytes(encoding).length,
  };
}

/** How a stored document is read from the catalog. */
export interface StoredBytes {
  /** Length of each coding. */
  lengths: Readonly<Record<Encoding, number>>;
  /** The whole coding. */
  read(encoding: Encoding): Buffer;
  /** The coding chunk by chunk. */
  readChunks(encoding: Encoding): Iterator<Buffer>;
}

/**
 * A resource whose codings were all made when the catalog was built. A
 * coding up to `wholeBytes` is read on first use and kept with the
 * resource; a larger one is never held whole: each request reads it chunk
 * by chunk as the client takes it, so its memory is a chunk or two per
 * connection however large the document.
 */
export function storedResource(fields: Omit<Resource, 'bytes' | 'byteLength' | 'chunks' | 'size'>, stored: StoredBytes, wholeBytes: number): Resource {
  const variants: Partial<Record<Encoding, Buffer>> = {};
  const held = (encoding: Encoding) => stored.lengths[encoding] <= wholeBytes;
  const heldBytes = (Object.keys(stored.lengths) as Encoding[]).filter(held).reduce((sum, encoding) => sum + stored.lengths[encoding], 0);
  return {
    ...fields,
    size: heldBytes + 256,
    bytes: (encoding) => (held(encoding) ? (variants[encoding] ??= stored.read(encoding)) : stored.read(encoding)),
    byteLength: (encoding) => stored.lengths[encoding],
    chunks: (encoding) => (held(encoding) ? undefined : stored.readChunks(encoding)),
  };
}

export function documentResource(body: Buffer, lastModified: number | undefined): Resource {
  return memoryResource({ status: 200, contentType: JSON_TYPE, lastModified }, body);
}

export function problemResource(problem: Problem): Resource {
  return { ...memoryResource({ status: problem.status, contentType: PROBLEM_TYPE, lastModified: undefined }, Buffer.from(problemJson(problem))), problem };
}

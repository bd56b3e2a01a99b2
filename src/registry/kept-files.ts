import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Resource } from '../core/resource.js';
import { memoryResource } from '../core/resource.js';
import type { CompressedEncoding, Encoding } from '../util/compression.js';
import { ByteBoundedCache } from './byte-bounded-cache.js';

/** A file made once from a pack's content and kept: its bytes as an answer (in each content coding, when made in them), its digests, and what its maker said of it. */
export interface KeptFile {
  /** The file as an answer, immutable: sent as it is (never compressed again), or in the coding asked for when it was made in each. */
  resource: Resource;
  /** SHA-512 of its bytes, base64 (npm's `integrity` is `sha512-` and this). */
  sha512: string;
  /** SHA-1 of its bytes, hex (npm's `shasum`). */
  sha1: string;
  /** What its maker said of it, kept beside it. */
  about: Record<string, unknown>;
}

/** What a maker of a kept file gives: the bytes, and what to keep beside them. */
export interface MadeFile {
  bytes: Buffer;
  about: Record<string, unknown>;
  /** The bytes compressed in each coding, for a file answered in the coding asked for (a document); none for one sent as it is (a tarball). */
  codings?: Record<CompressedEncoding, Buffer>;
  /** The bytes' digests, when the maker computed them (away from the thread answering requests, for large files). */
  digests?: { sha512: string; sha1: string };
  /** The answer's ETag, when it is to be another than the one its SHA-512 gives (a document's, as the same bytes made elsewhere are tagged). */
  etag?: string;
}

/** A kept file's digests (see KeptFile), computed where it is made when it is large. */
export function digestsOf(bytes: Buffer): { sha512: string; sha1: string } {
  return { sha512: createHash('sha512').update(bytes).digest('base64'), sha1: createHash('sha1').update(bytes).digest('hex') };
}

/** How a kept file is answered. */
export interface KeptFileFields {
  contentType: string;
  cacheControl: string;
  lastModified: number | undefined;
}

/** The folder of a data directory where kept files are written, a folder per pack. */
export const KEPT_FILES_FOLDER = 'npm-packages';
export const keptFilesPath = (dataDir: string) => join(dataDir, KEPT_FILES_FOLDER);

/** A kept file up to this size is read whole once and held with its entry; a larger one is read a chunk at a time for each answer. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
/** The chunks a larger file is sent in. */
const CHUNK_BYTES = 256 * 1024;
/** A file being written (see write), its first group the writing process's id: one of a process no longer running was never finished. */
export const KEPT_FILE_WORK = /\.(\d+)-[0-9a-f]{8}\.partial$/;

/** A file name the folder may hold: no separator, no dot first, so none leads out of it. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;
/** Beside a kept file: its digests and what its maker said, written after the file, so that a file with one is whole. */
const ABOUT_SUFFIX = '.about.json';
/** Beside a kept file made in each coding: its compressed bytes. */
const CODING_SUFFIX: Readonly<Record<CompressedEncoding, string>> = { gzip: '.gz', br: '.br' };
const COMPRESSED: readonly CompressedEncoding[] = ['gzip', 'br'];

/** Where a coding of a kept file is. */
const pathOfCoding = (path: string, encoding: Encoding) => (encoding === 'identity' ? path : `${path}${CODING_SUFFIX[encoding]}`);

/**
 * Files made once per content and kept: npm packages' tarballs (sent as
 * they are), and revisions' whole pack documents (in each coding), made in
 * threads from a pack's document. With a folder (the data directory's
 * `npm-packages/`, `pinned-documents/`), each is written there, whole or not
 * at all, so that it is made once for good, shared by every process serving
 * the data directory and found again after a restart; without one
 * (in-process uses), only memory keeps them. In memory, what was read or
 * made is kept within a byte bound, large files by their digests alone. A
 * name is asked for once at a time in a process: a second request while it
 * is being made waits for the first.
 */
export class KeptFiles {
  private readonly kept: ByteBoundedCache<KeptFile>;
  private readonly makings = new Map<string, Promise<KeptFile>>();

  /** `writeFailed` is told of a file that could not be written (a full disk, a read-only data directory): it is then answered from memory alone. */
  constructor(
    private readonly folder: string | undefined,
    memoryBytes: number,
    private readonly writeFailed: (path: string, error: unknown) => void = () => {},
  ) {
    this.kept = new ByteBoundedCache(memoryBytes, (file) => file.resource.size + 512);
  }

  /**
   * The file `name` of `pack`: kept already, or made by `make`, kept, and
   * answered with `fields`. The name must say what content it was made from:
   * what is kept under it is answered for good.
   */
  get(pack: string, name: string, fields: KeptFileFields, make: () => Promise<MadeFile>): KeptFile | Promise<KeptFile> {
    if (!SAFE_NAME.test(pack) || !SAFE_NAME.test(name)) return Promise.reject(new Error(`not a file name: ${pack}/${name}`));
    const key = `${pack}/${name}`;
    // Kept in memory: answered at once, as a cached document is.
    const hit = this.kept.get(key);
    if (hit) return hit;
    const making = this.makings.get(key);
    if (making) return making;
    const started = this.readOrMake(pack, name, fields, make).then((file) => {
      this.kept.set(key, file);
      return file;
    });
    const tracked = started.finally(() => this.makings.delete(key));
    this.makings.set(key, tracked);
    return tracked;
  }

  private async readOrMake(pack: string, name: string, fields: KeptFileFields, make: () => Promise<MadeFile>): Promise<KeptFile> {
    const read = this.read(pack, name, fields);
    if (read) return read;
    const made = await make();
    const { sha512, sha1 } = made.digests ?? digestsOf(made.bytes);
    const etag = made.etag ?? etagOfDigest(sha512);
    const file = {
      resource: made.codings
        ? memoryResource({ status: 200, ...fields, etag }, made.bytes, made.codings)
        : memoryResource({ status: 200, ...fields, identityOnly: true, etag }, made.bytes),
      sha512,
      sha1,
      about: made.about,
    };
    try {
      await this.write(pack, name, file, made);
    } catch (error) {
      this.writeFailed(join(this.folder ?? '', pack, name), error);
      return file;
    }
    return this.read(pack, name, fields) ?? file;
  }

  /** A file kept in the folder, with what is beside it; undefined when there is none (or only half of one). */
  private read(pack: string, name: string, fields: KeptFileFields): KeptFile | undefined {
    if (!this.folder) return undefined;
    const path = join(this.folder, pack, name);
    let beside: { sha512: string; sha1: string; about: Record<string, unknown>; codings?: boolean; etag?: string };
    const lengths: Partial<Record<Encoding, number>> = {};
    try {
      beside = JSON.parse(readFileSync(`${path}${ABOUT_SUFFIX}`, 'utf8')) as typeof beside;
      for (const encoding of beside.codings ? (['identity', ...COMPRESSED] as const) : (['identity'] as const)) {
        lengths[encoding] = statSync(pathOfCoding(path, encoding)).size;
      }
    } catch {
      return undefined;
    }
    const resource = fileResource(path, lengths, fields, beside.etag ?? etagOfDigest(beside.sha512));
    return { resource, sha512: beside.sha512, sha1: beside.sha1, about: beside.about };
  }

  /**
   * Writes a made file, its codings and what is beside it, each by renaming
   * a finished one into place (another process may write the same bytes at
   * once), what is beside it last. Written by the system's threads, not this
   * one: a document's codings are a hundred MB or more for the largest packs.
   */
  private async write(pack: string, name: string, file: KeptFile, made: MadeFile): Promise<void> {
    if (!this.folder) return;
    const folder = join(this.folder, pack);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, name);
    const partial = (target: string) => `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
    const beside = {
      sha512: file.sha512,
      sha1: file.sha1,
      about: file.about,
      ...(made.codings ? { codings: true } : {}),
      ...(made.etag ? { etag: made.etag } : {}),
    };
    const contents: Array<[string, Buffer]> = [
      [path, made.bytes],
      ...COMPRESSED.filter(() => made.codings).map((encoding): [string, Buffer] => [pathOfCoding(path, encoding), made.codings?.[encoding] as Buffer]),
      [`${path}${ABOUT_SUFFIX}`, Buffer.from(JSON.stringify(beside))],
    ];
    for (const [target, content] of contents) {
      const temporary = partial(target);
      try {
        await writeFile(temporary, content);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    }
  }
}

/** The ETag of a kept file: its digest names its bytes, as one made from them would, and is known without reading them. */
const etagOfDigest = (sha512: string) => `"${Buffer.from(sha512, 'base64').subarray(0, 16).toString('base64url')}"`;

/**
 * A kept file as an answer, read from the folder (`lengths`: the codings it
 * was written in, only `identity` for one sent as it is): each coding whole
 * on first use and held when small, else a chunk at a time as the client
 * takes it.
 */
function fileResource(path: string, lengths: Partial<Record<Encoding, number>>, fields: KeptFileFields, etag: string): Resource {
  const lengthOf = (encoding: Encoding) => lengths[encoding] ?? (lengths.identity as number);
  const whole = (encoding: Encoding) => lengthOf(encoding) <= WHOLE_FILE_BYTES;
  const held: Partial<Record<Encoding, Buffer>> = {};
  // Sent as it is unless made in every coding: a client is then sent the coding it takes.
  const identityOnly = lengths.gzip === undefined;
  const pathOf = (encoding: Encoding) => pathOfCoding(path, identityOnly ? 'identity' : encoding);
  const codings = Object.keys(lengths) as Encoding[];
  return {
    status: 200,
    ...fields,
    ...(identityOnly ? { identityOnly } : {}),
    etag,
    size: codings.filter(whole).reduce((sum, encoding) => sum + lengthOf(encoding), 256),
    bytes: (encoding) => (whole(encoding) ? (held[encoding] ??= readFileSync(pathOf(encoding))) : readFileSync(pathOf(encoding))),
    byteLength: lengthOf,
    chunks: (encoding) => (whole(encoding) ? undefined : chunksOf(pathOf(encoding), lengthOf(encoding))),
  };
}

/** A file's bytes in chunks, each read when asked for; the file is closed at the end or when the reader stops. */
function* chunksOf(path: string, length: number): Iterator<Buffer> {
  const fd = openSync(path, 'r');
  try {
    for (let offset = 0; offset < length; offset += CHUNK_BYTES) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, length - offset));
      const read = readSync(fd, chunk, 0, chunk.length, offset);
      if (read !== chunk.length) throw new Error(`${path} is shorter than it was`);
      yield chunk;
    }
  } finally {
    closeSync(fd);
  }
}

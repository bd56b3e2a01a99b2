import { ByteBoundedCache } from './byte-bounded-cache.js';
import type { Problem } from './problem.js';
import type { Resource } from './resource.js';
import type { NameIndex } from './suggestions.js';

/**
 * Memory for the name indexes of packs that had misses. The largest packs'
 * indexes (about 3 MB for iconmind's 31,722 names) must fit, so an entry
 * may take half of it rather than the usual quarter.
 */
const NAME_INDEX_CACHE_BYTES = 16 * 1024 * 1024;
/** Memory for the answers to recent misses: the same miss again costs a lookup. */
const MISS_CACHE_BYTES = 1024 * 1024;

/**
 * What registries keep for reuse: rendered documents, the name indexes of
 * packs, and the answers to misses. One set serves every registry of a
 * process in turn: a reload of own packs makes a new registry over the same
 * default database, and its documents stay useful. Keys start with the
 * serial number of the database a pack is read from, so nothing of a
 * replaced database is ever handed out, and `forget` drops all of it.
 */
export class RegistryCaches {
  readonly documents: ByteBoundedCache<Resource>;
  readonly nameIndexes = new ByteBoundedCache<NameIndex>(NAME_INDEX_CACHE_BYTES, (index) => index.bytes, NAME_INDEX_CACHE_BYTES / 2);
  readonly misses = new ByteBoundedCache<Problem>(MISS_CACHE_BYTES, (problem) => 512 + problem.detail.length * 2);

  constructor(documentBytes: number) {
    this.documents = new ByteBoundedCache(documentBytes, (resource) => resource.size);
  }

  /** Drops everything read from the databases with these serial numbers. */
  forget(serials: readonly number[]): void {
    const prefixes = serials.map((serial) => `${serial} `);
    const stale = (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
    this.documents.deleteWhere(stale);
    this.nameIndexes.deleteWhere(stale);
    this.misses.deleteWhere(stale);
  }
}

import { ByteBoundedCache } from './byte-bounded-cache.js';
import type { Problem } from './problem.js';
import type { Resource } from './resource.js';

/** Memory for the answers to recent misses: the same miss again costs a lookup. */
const MISS_CACHE_BYTES = 1024 * 1024;

/**
 * What registries keep for reuse: rendered documents and the answers to
 * misses. One set serves every registry of a process in turn: a reload of
 * own packs makes a new registry over the same default database, and its
 * documents stay useful. Keys start with the serial number of the database
 * a pack is read from, so nothing of a replaced database is ever handed
 * out, and `forget` drops all of it.
 */
export class RegistryCaches {
  readonly documents: ByteBoundedCache<Resource>;
  /** Documents being made elsewhere (searches in their thread), by key: at most one making per key. */
  readonly making = new Map<string, Promise<Resource>>();
  readonly misses = new ByteBoundedCache<Problem>(MISS_CACHE_BYTES, (problem) => 512 + problem.detail.length * 2);

  constructor(documentBytes: number) {
    this.documents = new ByteBoundedCache(documentBytes, (resource) => resource.size);
  }

  /** Drops everything read from the databases with these serial numbers. */
  forget(serials: readonly number[]): void {
    const prefixes = serials.map((serial) => `${serial} `);
    const stale = (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
    this.documents.deleteWhere(stale);
    this.misses.deleteWhere(stale);
  }
}

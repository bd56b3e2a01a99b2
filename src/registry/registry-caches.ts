import { ByteBoundedCache } from './byte-bounded-cache.js';
import type { Problem } from '../core/problem.js';
import type { Resource } from '../core/resource.js';

/**
 * The bound of a registry's caches in MB when none is given (--cache-mb's
 * default, read here by the table of flags without loading the Registry).
 * Thousands of hot icon documents fit, and the memory target of bench/README.md
 * holds after the bench's loads and 20,000 random icons.
 */
export const DEFAULT_CACHE_MB = 32;

/** Memory for the answers to recent misses: the same miss again costs a lookup. */
const MISS_CACHE_BYTES = 1024 * 1024;

/**
 * Who a kept answer belongs to, which is what drops it:
 *
 * - a pack as one database serves it (its documents, its Iconify answers,
 *   its misses): dropped by `forgetDatabases` when that database is closed
 *   (a rebuild of own packs replaced it). The default database outlives
 *   every reload, and so do its packs' documents.
 * - a registry, for what it answers of all its packs at once (the shadcn
 *   catalog, the Iconify API's lists and searches): dropped by
 *   `forgetRegistry` when a newer registry takes its place. A view of a
 *   registry is a registry of its own, so no view is handed another's list.
 * - a kept revision of a pack (its pinned documents): never dropped by a
 *   reload, since a revision's answers are the same bytes whatever the
 *   registry serves later; only the cache's bound lets them go.
 */
export type CacheOwner = { readonly database: number; readonly pack: string } | { readonly registry: number } | { readonly revisionsOf: string };

/** What is kept: its owner, and what of the owner ('pack', 'icon home', an Iconify answer by its parsed parameters). */
export interface CacheKey {
  readonly owner: CacheOwner;
  readonly what: string;
}

/** A kept value with its owner, so that what is dropped is chosen by owner, not by the spelling of a key. */
interface Kept<V> {
  owner: CacheOwner;
  value: V;
}

/** The one string a key is stored under: owner and what cannot run into each other (a pack id has no space, a what may). */
function stored(key: CacheKey): string {
  const owner = key.owner;
  if ('registry' in owner) return `registry ${owner.registry} ${key.what}`;
  if ('revisionsOf' in owner) return `revision ${owner.revisionsOf} ${key.what}`;
  return `database ${owner.database} ${owner.pack} ${key.what}`;
}

/** A byte-bounded cache of values by typed key, each kept with its owner. */
class OwnedCache<V> {
  private readonly cache: ByteBoundedCache<Kept<V>>;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    // The owner and its key cost a little beside the value.
    this.cache = new ByteBoundedCache(maxBytes, (kept) => sizeOf(kept.value) + 64);
  }

  get(key: CacheKey): V | undefined {
    return this.cache.get(stored(key))?.value;
  }

  set(key: CacheKey, value: V): void {
    this.cache.set(stored(key), { owner: key.owner, value });
  }

  /** Drops every value whose owner matches. */
  dropOwnedBy(matches: (owner: CacheOwner) => boolean): void {
    this.cache.deleteWhere((_key, kept) => matches(kept.owner));
  }

  get size(): number {
    return this.cache.size;
  }
}

/**
 * What registries keep for reuse: rendered documents and the answers to
 * misses. One set serves every registry of a process in turn: a reload of
 * own packs makes a new registry over the same default database, and its
 * documents stay useful. What is dropped, and when, is said by the owner of
 * each key (CacheOwner), here and nowhere else.
 */
export class RegistryCaches {
  readonly documents: OwnedCache<Resource>;
  /** Documents being made elsewhere (searches in their thread), by stored key: at most one making per key. */
  private readonly makings = new Map<string, Promise<Resource>>();
  readonly misses = new OwnedCache<Problem>(MISS_CACHE_BYTES, (problem) => 512 + problem.detail.length * 2);

  constructor(documentBytes: number) {
    this.documents = new OwnedCache(documentBytes, (resource) => resource.size);
  }

  /** The document being made for `key`, if one is. */
  making(key: CacheKey): Promise<Resource> | undefined {
    return this.makings.get(stored(key));
  }

  /** Notes that the document of `key` is being made; it is forgotten once made (or failed). */
  startMaking(key: CacheKey, making: Promise<Resource>): Promise<Resource> {
    const at = stored(key);
    const tracked = making.finally(() => this.makings.delete(at));
    this.makings.set(at, tracked);
    return tracked;
  }

  /** Drops everything read from the databases with these serial numbers (they are being closed). */
  forgetDatabases(serials: readonly number[]): void {
    const closed = new Set(serials);
    const stale = (owner: CacheOwner) => 'database' in owner && closed.has(owner.database);
    this.documents.dropOwnedBy(stale);
    this.misses.dropOwnedBy(stale);
  }

  /** Drops what a registry kept of all its packs (it has been replaced). */
  forgetRegistry(serial: number): void {
    this.documents.dropOwnedBy((owner) => 'registry' in owner && owner.registry === serial);
  }
}

import { Catalog } from '../data/catalog/catalog.js';
import { momentKey } from '../data/history/moment-catalog.js';
import { momentCatalogBuilder } from './moment-catalogs.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';
import type { Problem } from '../core/problem.js';
import type { Registry } from './registry.js';
import { digestOf } from '../util/etag.js';

/** What the registry served at a past moment, against what it serves now. */
export interface MomentState {
  /** The revisions of the packs it served otherwise than now. */
  revisions: Revision[];
  /** The packs it did not serve yet, or no longer, then. */
  absent: Set<string>;
  /** A digest of those packs, sorted: part of the key of a moment's registry, which every request at the moment makes. */
  absentDigest: string;
}

/** Moments whose state is kept, by their instant: each is read from the history once. */
const KEPT_STATES = 256;
/** Registries of past moments kept, by moment as asked and view (each keeps its lists of all packs in the shared caches). */
const KEPT_REGISTRIES = 64;
/** Catalogs of past moments kept open: each is one database file, opened under the served catalog's. */
export const KEPT_CATALOGS = 16;
/**
 * A catalog dropped from those kept is closed this long after (after its
 * build, if it was still being built), with what was kept and read of it
 * elsewhere: a request that took the registry over it just before has that
 * long to be answered from it (a reload's replaced catalog waits for its
 * requests instead, but reloads are the operator's, and moments anyone's to
 * ask for). At most KEPT_CATALOGS wait so; past that, the one dropped first is
 * closed at once, so that asking for ever new moments never holds more
 * databases open than twice those kept.
 */
const CLOSE_DROPPED_CATALOG_AFTER_MS = 10_000;

/** A registry of a past moment kept, and the key of the catalog of that moment it answers from (none: the served one). */
interface KeptRegistry {
  registry: Registry | Promise<Registry>;
  catalogKey: string | undefined;
}

/**
 * The registry's past, over the catalog it serves now: which revision each
 * pack served at a moment, read from the history's log, and the catalog
 * that answers as the registry did then. That catalog is the served one,
 * under a database of the packs that moment served otherwise (built once,
 * see moment-catalog.ts). It belongs to one served catalog: a reload makes
 * a new one.
 */
export class PastMoments {
  private readonly states = new Map<number, MomentState>();
  private readonly catalogs = new Map<string, Promise<Catalog>>();
  private readonly registries = new Map<string, KeptRegistry>();
  /** Catalogs dropped and waiting to be closed, each with the timer that will close it, the one dropped first first. */
  private readonly closing = new Map<Promise<Catalog>, NodeJS.Timeout | undefined>();

  constructor(
    private readonly history: RevisionHistory | undefined,
    private readonly dataDir: string,
    /** When the registry first served anything (ms): the catalog's build, or its first logged revision if earlier. */
    private readonly began: number,
    /** Told the serials of a catalog's own databases once it is closed here: what was kept and read of them elsewhere (documents, searches) goes. */
    private readonly forgetDatabases: (serials: readonly number[]) => void,
  ) {}

  /** What the registry served at `moment` (ms), or the problem of a moment before it served anything. */
  stateAt(moment: number): MomentState | Problem {
    if (moment < this.began) {
      return {
        status: 404,
        code: 'before_first_revision',
        detail: `The registry served nothing before ${new Date(this.began).toISOString()}: ask for a later moment.`,
      };
    }
    const kept = this.states.get(moment);
    if (kept) return kept;
    const state = this.readState(moment);
    if (this.states.size >= KEPT_STATES) this.states.delete(this.states.keys().next().value as number);
    this.states.set(moment, state);
    return state;
  }

  /**
   * Each logged pack's revision at the moment against the one served now. A
   * pack the log knows nothing of served the catalog's, as now; one logged
   * only later came later (the revision a pack's first update or a rebuild
   * replaced is logged from when its catalog was built).
   */
  private readState(moment: number): MomentState {
    const history = this.history;
    const revisions: Revision[] = [];
    const absent = new Set<string>();
    if (!history) return { revisions, absent, absentDigest: digestOf('') };
    const then = history.servedAt(moment);
    for (const pack of history.packs()) {
      const seq = then.get(pack);
      if (seq === null || (seq === undefined && history.isLogged(pack))) {
        absent.add(pack);
        continue;
      }
      if (seq === undefined || seq === history.served(pack)?.seq) continue;
      const revision = history.revisions(pack).find((kept) => kept.seq === seq);
      // A revision forgotten since (an own pack keeps a bounded number) cannot answer: the pack is absent then.
      if (revision) revisions.push(revision);
      else absent.add(pack);
    }
    return { revisions, absent, absentDigest: digestOf([...absent].sort().join(',')) };
  }

  /**
   * The catalog answering as the registry did in `state`: the served one
   * when nothing changed since, else the served one under the database of
   * the revisions that differ, built the first time it is asked for; `key`
   * is its key (see catalogKeyOf).
   */
  private catalogOf(key: string | undefined, state: MomentState, served: Catalog): Catalog | Promise<Catalog> {
    const history = this.history;
    if (!history || key === undefined) return served;
    let catalog = this.catalogs.get(key);
    if (!catalog) {
      if (this.catalogs.size >= KEPT_CATALOGS) this.dropOldestCatalog();
      catalog = momentCatalogBuilder()(this.dataDir, history, state.revisions).then((path) => new Catalog([path], served.databases));
      // A failed build is not kept: the next request tries again (a build asked for since, under the same key, stays).
      const building = catalog;
      building.catch(() => {
        if (this.catalogs.get(key) === building) this.catalogs.delete(key);
      });
      this.catalogs.set(key, catalog);
    }
    return catalog;
  }

  /** The key of the catalog answering as the registry did in `state`; none when that is the served one. */
  private catalogKeyOf(state: MomentState): string | undefined {
    return this.history && state.revisions.length > 0 ? momentKey(state.revisions) : undefined;
  }

  /**
   * The registry of a past moment kept under `key`, made over the catalog of
   * `state` (see catalogOf) when there is none, and kept while that catalog
   * is: it is dropped with it.
   */
  registryFor(key: string, state: MomentState, served: Catalog, make: (catalog: Catalog) => Registry): Registry | Promise<Registry> {
    const found = this.registries.get(key);
    if (found) return found.registry;
    if (this.registries.size >= KEPT_REGISTRIES) this.dropRegistry(this.registries.keys().next().value as string);
    const catalogKey = this.catalogKeyOf(state);
    const catalog = this.catalogOf(catalogKey, state, served);
    const made = catalog instanceof Promise ? catalog.then(make) : make(catalog);
    const kept = { registry: made, catalogKey };
    // A failed build is not kept: the next request tries again (a registry made since, under the same key, stays).
    if (made instanceof Promise)
      made.catch(() => {
        if (this.registries.get(key) === kept) this.registries.delete(key);
      });
    this.registries.set(key, kept);
    return made;
  }

  private dropRegistry(key: string): void {
    const kept = this.registries.get(key);
    this.registries.delete(key);
    Promise.resolve(kept?.registry).then(
      (registry) => registry?.release(),
      () => undefined,
    );
  }

  private dropOldestCatalog(): void {
    const [key, oldest] = this.catalogs.entries().next().value as [string, Promise<Catalog>];
    this.catalogs.delete(key);
    for (const [registryKey, kept] of this.registries) if (kept.catalogKey === key) this.dropRegistry(registryKey);
    if (this.closing.size >= KEPT_CATALOGS) this.closeCatalog(this.closing.keys().next().value as Promise<Catalog>);
    this.closing.set(oldest, undefined);
    // The wait starts once it is built: the requests waiting for the build are answered from it first.
    oldest.then(
      () => {
        if (this.closing.has(oldest)) this.closing.set(oldest, setTimeout(() => this.closeCatalog(oldest), CLOSE_DROPPED_CATALOG_AFTER_MS).unref());
      },
      () => this.closing.delete(oldest),
    );
  }

  private closeCatalog(catalog: Promise<Catalog>): void {
    clearTimeout(this.closing.get(catalog));
    this.closing.delete(catalog);
    catalog
      .then((opened) => {
        opened.close();
        this.forgetDatabases(opened.ownedSerials);
      })
      .catch(() => undefined);
  }

  /** Closes the catalogs of past moments (the served catalog they lie under is being replaced). */
  close(): void {
    for (const key of [...this.registries.keys()]) this.dropRegistry(key);
    for (const catalog of [...this.catalogs.values(), ...this.closing.keys()]) this.closeCatalog(catalog);
    this.catalogs.clear();
  }
}

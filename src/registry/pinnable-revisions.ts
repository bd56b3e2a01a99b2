import type { IconifyJSON } from '@iconify/types';
import type { Catalog } from '../data/catalog/catalog.js';
import { defaultRevisionName } from '../data/catalog/revision-names.js';
import { CATALOG_SOURCE_PREFIX, type KeptDocumentPlace, keptRevisionKey } from '../data/history/revision-document.js';
import type { ChangedName, HistoryEntry, Revision, RevisionHistory, RevisionReader } from '../data/history/revision-history.js';

/**
 * The place of the catalog's content among a pack's revisions when the
 * history keeps none: before any it records (those count from 1), so that
 * the place alone says where a revision is read, without asking the history
 * again whether it keeps the pack (it may come to keep it meanwhile: an
 * update writes it while this registry still serves).
 */
const CATALOG_SEQ = 0;

/**
 * The revisions pinned addresses answer: the history's, and, for a default
 * pack that no update has touched yet, what the catalog serves of it as the
 * revision `json-{@iconify/json version}`. The history keeps that revision
 * (the same document, byte for byte, see documentAt) only once something is
 * about to replace it (an update, a rebuild of the default catalog), so its
 * pinned addresses answer the same before and after. Read-only, like the
 * registry's view of the history.
 */
export class PinnableRevisions implements RevisionReader {
  /** Each pack's revisions as read during `readingOnce`, whose reads see one state of the data throughout. */
  private read: Map<string, Revision[]> | undefined;

  /** At a past moment, each logged pack's revision served then (see RevisionHistory.servedAt), read once. */
  private servedThen: Map<string, number | null> | undefined;

  /**
   * `moment`, for a registry answering as at a past moment: only the
   * revisions recorded by then are pinnable, as they were then, and the one
   * served then stands for `latest`; so its answers stay what they were.
   */
  constructor(
    private readonly history: RevisionHistory | undefined,
    private readonly catalog: Catalog,
    private readonly moment?: number,
  ) {}

  /**
   * Runs `read`, which reads the catalog and the history in one read
   * transaction of each (see Registry.readTogether), with each pack's
   * revisions read once: they cannot change while it lasts, and every
   * document made asks for them.
   */
  readingOnce<T>(read: () => T): T {
    if (this.read) return read();
    this.read = new Map();
    try {
      return read();
    } finally {
      this.read = undefined;
    }
  }

  revisions(pack: string): Revision[] {
    let revisions = this.read?.get(pack);
    if (!revisions) {
      const kept = this.keptThen(this.history?.revisions(pack) ?? []);
      const fromCatalog = this.catalogRevision(pack, kept);
      revisions = fromCatalog ? [fromCatalog] : kept;
      this.read?.set(pack, revisions);
    }
    return [...revisions];
  }

  revision(pack: string, version: string): Revision | undefined {
    return this.revisions(pack).find((revision) => revision.version === version);
  }

  served(pack: string): Revision | undefined {
    if (this.moment !== undefined && this.history) {
      this.servedThen ??= this.history.servedAt(this.moment);
      const seq = this.servedThen.get(pack);
      if (seq === null) return undefined;
      // A pack with nothing logged by then served what the catalog holds: its catalog revision, or the first kept.
      if (seq === undefined) return this.revisions(pack)[0];
      return this.revisions(pack).find((revision) => revision.seq === seq);
    }
    return this.history?.served(pack) ?? this.catalogRevision(pack, this.history?.revisions(pack) ?? []);
  }

  /** The revisions of `kept` recorded by the moment this view answers at (all of them, now). */
  private keptThen(kept: Revision[]): Revision[] {
    const moment = this.moment;
    return moment === undefined ? kept : kept.filter((revision) => revision.recorded <= moment);
  }

  rootAt(pack: string, seq: number): Record<string, unknown> | undefined {
    if (!this.fromCatalog(pack, seq)) return this.history?.rootAt(pack, seq);
    const roots = this.catalogRoots(pack);
    let root = roots.get(pack);
    if (!root) {
      root = rootFieldsOf(this.catalogDocument(pack));
      roots.set(pack, root);
    }
    return root;
  }

  /** The root fields parsed of the packs of the database serving `pack` (see catalogRoots). */
  private catalogRoots(pack: string): Map<string, Record<string, unknown>> {
    const database = this.catalog.database(pack) as object;
    let roots = catalogRoots.get(database);
    if (!roots) catalogRoots.set(database, (roots = new Map()));
    return roots;
  }

  /**
   * Whether reading the revision's root fields would parse a pack document
   * whole (the catalog's content of a pack, the first time): a caller that
   * can wait has them parsed elsewhere first (see keepCatalogRoot).
   */
  parsesForRoot(pack: string, seq: number): boolean {
    return this.fromCatalog(pack, seq) && !this.catalogRoots(pack).has(pack);
  }

  /** The root fields of the catalog's content of a pack, parsed elsewhere (see rootFieldsOf), for rootAt to give. */
  keepCatalogRoot(pack: string, root: Record<string, unknown>): void {
    this.catalogRoots(pack).set(pack, root);
  }

  /**
   * Where a revision's pack document is read away from the thread answering
   * requests (see revision-document-jobs.ts): the history file, or the
   * catalog's stored document; with `key`, which names its content for good.
   * Undefined for a history held in memory, which only this thread reads.
   */
  documentPlace(revision: Revision): { kept: KeptDocumentPlace; key: string } | { catalog: string; key: string } | undefined {
    if (this.fromCatalog(revision.pack, revision.seq)) {
      const stored = this.catalog.packDocumentInfo(revision.pack);
      return stored && { catalog: revision.pack, key: `catalog ${stored.etag} ${revision.version}` };
    }
    const file = this.history?.path;
    if (file === undefined) return undefined;
    return { kept: { history: file, pack: revision.pack, seq: revision.seq }, key: keptRevisionKey(revision) };
  }

  entryAt(pack: string, seq: number, name: string): HistoryEntry | undefined {
    if (!this.fromCatalog(pack, seq)) return this.history?.entryAt(pack, seq, name);
    const stored = this.catalog.entry(pack, name);
    if (stored && 'icon' in stored) return { kind: 'icon', icon: stored.icon };
    if (stored && 'alias' in stored) return { kind: 'alias', alias: stored.alias };
    return undefined;
  }

  namesAt(pack: string, seq: number): string[] {
    if (!this.fromCatalog(pack, seq)) return this.history?.namesAt(pack, seq) ?? [];
    return this.catalog.iconNames(pack).sort(byCodeUnits);
  }

  /** The history's (see RevisionHistory.revisionsBefore), or the catalog's revision of a pack it keeps none of, the only one before any. */
  revisionsBefore(pack: string, beforeSeq: number | undefined, limit: number): Revision[] {
    const kept = this.keptThen(this.history?.revisionsBefore(pack, beforeSeq, limit) ?? []);
    if (kept.length > 0 || (beforeSeq !== undefined && beforeSeq <= CATALOG_SEQ)) return kept;
    const fromCatalog = this.catalogRevision(pack, this.keptThen(this.history?.revisions(pack) ?? []));
    return fromCatalog && limit > 0 ? [fromCatalog] : [];
  }

  /** Between kept revisions only: the catalog's is a pack's only revision, compared with none. */
  changedBetween(pack: string, from: number, to: number): ChangedName[] {
    return this.history?.changedBetween(pack, from, to) ?? [];
  }

  aliasesOf(pack: string, parent: string, seq: number): string[] {
    return this.history?.aliasesOf(pack, parent, seq) ?? [];
  }

  documentAt(pack: string, seq: number): IconifyJSON | undefined {
    if (!this.fromCatalog(pack, seq)) return this.history?.documentAt(pack, seq);
    return inKeptOrder(this.catalogDocument(pack));
  }

  /** The catalog's content of a default pack as its revision, when the history keeps none of the pack (`kept`, as read from it). */
  private catalogRevision(pack: string, kept: Revision[]): Revision | undefined {
    if (kept.length > 0) return undefined;
    const database = this.catalog.database(pack);
    const version = database?.metaValue('default_catalog_version');
    if (!database || !version) return undefined;
    // Recorded when the catalog was built, as the history records it once it keeps it (see keepCatalogRevision).
    return { pack, seq: CATALOG_SEQ, version: defaultRevisionName(version), recorded: database.builtAt(), source: `${CATALOG_SOURCE_PREFIX}${version}` };
  }

  /** Whether a revision is the catalog's content: only catalogRevision gives its place, and only for a pack the catalog serves. */
  private fromCatalog(pack: string, seq: number): boolean {
    return seq === CATALOG_SEQ && this.catalog.database(pack) !== undefined;
  }

  private catalogDocument(pack: string): IconifyJSON {
    return JSON.parse(this.catalog.packDocumentBytes(pack, 'identity').toString('utf8')) as IconifyJSON;
  }
}

/** A pack document's root fields: all but its icons and aliases. */
export function rootFieldsOf(document: IconifyJSON): Record<string, unknown> {
  const { icons: _icons, aliases: _aliases, ...fields } = document;
  return fields;
}

/**
 * The root fields of the catalog's content of packs, parsed once per
 * database that serves them (a pack's document is read whole for them): the
 * registries that replace one another at reloads, and their views, share the
 * default catalog's database, which a reload does not open again.
 */
const catalogRoots = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** Sorted as SQLite sorts text (bytes of UTF-8), which code units match for the names a pack may have. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A pack document in the order the history gives a revision's document: its
 * root fields in the pack's order, then its icons and its aliases, each
 * sorted by name (see RevisionHistory.documentAt).
 */
export function inKeptOrder(document: IconifyJSON): IconifyJSON {
  const { icons, aliases, ...root } = document;
  const sorted = <T>(entries: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(entries ?? {}).sort(([a], [b]) => byCodeUnits(a, b))) as Record<string, T>;
  return { ...root, icons: sorted(icons), aliases: sorted(aliases) } as IconifyJSON;
}

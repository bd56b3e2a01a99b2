import { existsSync } from 'node:fs';
import type { IconifyJSON } from '@iconify/types';
import { CatalogDatabase } from '../catalog/catalog-database.js';
import { catalogPath, ownCatalogPath, updatesCatalogPath } from '../catalog/ensure.js';
import { historyPath, openHistory } from './history-file.js';
import { defaultRevisionName, isOwnRevisionName, ownRevisionName } from '../catalog/revision-names.js';
import { catalogDocumentAsKept, keepCatalogRevision } from './catalog-revisions.js';
import { CATALOG_SOURCE_PREFIX } from './revision-document.js';
import type { Revision, RevisionHistory } from './revision-history.js';

/** Revisions kept of each own pack: an older one is forgotten when a newer is recorded. */
export const MAX_OWN_REVISIONS = 50;

/** Where an own pack's revision says it came from. */
export const OWN_SOURCE = 'own packs';

/**
 * Keeps a revision of every own pack whose content differs from its newest
 * kept one (a pack seen for the first time included), served from `now`,
 * and logs the own packs that are gone as no longer served. An own pack that
 * replaces a default one keeps first what the catalog served of it, as an
 * update does; gone, it gives the default pack back, whose revision is
 * served again. Called after
 * every build of the own packs (at a start, by `build`, and by each rebuild
 * of `--watch`). Each own pack keeps at most MAX_OWN_REVISIONS. Returns a
 * line per pack that got a revision.
 */
export function recordOwnRevisions(dataDir: string, now = Date.now()): string[] {
  const path = ownCatalogPath(dataDir);
  if (!existsSync(path)) return [];
  const own = new CatalogDatabase(path);
  // No own pack, and none ever kept: nothing to record, and no history to begin.
  if (own.packs.size === 0 && !existsSync(historyPath(dataDir))) {
    own.close();
    return [];
  }
  const history = openHistory(dataDir);
  const lines: string[] = [];
  const defaults = new DefaultDatabases(dataDir);
  try {
    for (const [pack, record] of own.packs) {
      // Its newest own revision: an update kept while the own pack replaced the default one may be newer still.
      const newest = ownRevisionsOf(history, pack).at(-1);
      // The build names in each document the revision it made (see ensureOwnCatalog): one kept under that name is this content, so
      // an unchanged pack costs no read of its document, and a start costs what the packs changed, not what they hold.
      const named = record.entry.version;
      let read: IconifyJSON | undefined;
      const document = () => (read ??= JSON.parse(own.packDocumentBytes(pack, 'identity').toString('utf8')) as IconifyJSON);
      if (newest && (newest.version === named || history.holds(pack, newest.seq, document()))) {
        // Served again if something else was meanwhile: the default pack it had given back, as when it comes back unchanged.
        if (!history.isServed(pack) || history.served(pack)?.seq !== newest.seq) history.serve(pack, newest.seq, now);
        continue;
      }
      // Replacing a default pack the history does not hold yet: what the catalog served of it is kept first, as of its build.
      const catalog = history.revisions(pack).length === 0 ? defaults.catalog() : undefined;
      if (catalog) keepCatalogRevision(history, catalog, pack);
      // Named as the build named it in the document (a document built before documents named revisions: by now).
      const name =
        named !== undefined && isOwnRevisionName(named) && !history.revisions(pack).some((kept) => kept.version === named) ? named : ownRevisionName(now);
      const { revision } = history.record(pack, name, OWN_SOURCE, document(), now);
      history.serve(pack, revision.seq, now);
      // The oldest own revisions go, never what the catalog or an update served before the own pack replaced it.
      for (let own = ownRevisionsOf(history, pack); own.length > MAX_OWN_REVISIONS; own = ownRevisionsOf(history, pack)) {
        history.forget(pack, (own[0] as Revision).seq);
      }
      lines.push(`${pack}: revision ${revision.version} kept`);
    }
    for (const pack of history.packs()) {
      if (own.packs.has(pack) || history.served(pack)?.source !== OWN_SOURCE || !history.isServed(pack)) continue;
      const given = defaults.revisionServing(history, pack, now);
      if (given) history.serve(pack, given.seq, now);
      else history.stopServing(pack, now);
    }
    return lines;
  } finally {
    defaults.close();
    history.close();
    own.close();
  }
}

const ownRevisionsOf = (history: RevisionHistory, pack: string) => history.revisions(pack).filter((kept) => kept.source === OWN_SOURCE);

/** A pack's newest revision that no own pack made: what the catalog or an update serves of it when no own pack replaces it. */
export const newestNotOwn = (history: RevisionHistory, pack: string): Revision | undefined =>
  history.revisions(pack).findLast((kept) => kept.source !== OWN_SOURCE);

/** The default packs' databases of a data directory, opened when an own pack replaces one of their packs or gives it back. */
class DefaultDatabases {
  private opened: { catalog?: CatalogDatabase; updates?: CatalogDatabase } | undefined;

  constructor(private readonly dataDir: string) {}

  private open(): { catalog?: CatalogDatabase; updates?: CatalogDatabase } {
    if (!this.opened) {
      const openIfThere = (path: string) => (existsSync(path) ? new CatalogDatabase(path) : undefined);
      this.opened = { catalog: openIfThere(catalogPath(this.dataDir)), updates: openIfThere(updatesCatalogPath(this.dataDir)) };
    }
    return this.opened;
  }

  catalog(): CatalogDatabase | undefined {
    return this.open().catalog;
  }

  /**
   * The revision of `pack` the default packs serve, once no own pack
   * replaces it: the update's, named in its document (or, when that names
   * the own revision that was served as the updates' database was built,
   * the newest other one), else the catalog's (kept from `now` if the
   * history lacks it); undefined when neither serves it.
   */
  revisionServing(history: RevisionHistory, pack: string, now: number): Revision | undefined {
    const { catalog, updates } = this.open();
    const updated = updates?.packs.get(pack)?.entry.version;
    if (updated !== undefined) {
      const named = history.revision(pack, updated);
      return named?.source === OWN_SOURCE ? newestNotOwn(history, pack) : named;
    }
    const version = catalog?.packs.has(pack) ? catalog.metaValue('default_catalog_version') : undefined;
    if (!catalog || version === undefined) return undefined;
    return (
      history.revision(pack, defaultRevisionName(version)) ??
      history.record(pack, defaultRevisionName(version), `${CATALOG_SOURCE_PREFIX}${version}`, catalogDocumentAsKept(catalog, pack), now).revision
    );
  }

  close(): void {
    this.opened?.catalog?.close();
    this.opened?.updates?.close();
  }
}

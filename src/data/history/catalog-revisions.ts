import type { IconifyInfo, IconifyJSON } from '@iconify/types';
import type { CatalogDatabase } from '../catalog/catalog-database.js';
import { CATALOG_SOURCE_PREFIX } from './revision-document.js';
import type { Revision, RevisionHistory } from './revision-history.js';
import { defaultRevisionName } from '../catalog/revision-names.js';
import { documentWithOwnVersion } from '../catalog/info-version.js';

/**
 * Keeps what a default catalog's database serves of a pack as the revision
 * `json-{its @iconify/json version}`, served since `since` (by default, since
 * the database was built), unless the pack has a revision already. This is
 * how the history comes to hold a default pack: only once something is about
 * to replace what the catalog serves of it.
 */
export function keepCatalogRevision(history: RevisionHistory, database: CatalogDatabase, pack: string, since = database.builtAt()): Revision | undefined {
  if (history.revisions(pack).length > 0 || !database.packs.has(pack)) return undefined;
  const version = database.metaValue('default_catalog_version');
  if (!version) return undefined;
  const document = catalogDocumentAsKept(database, pack);
  // Recorded as of the build, as pinned addresses dated it while the catalog alone served it (see PinnableRevisions).
  const { revision } = history.record(pack, defaultRevisionName(version), `${CATALOG_SOURCE_PREFIX}${version}`, document, since);
  history.serve(pack, revision.seq, since);
  return revision;
}

/**
 * After a rebuild of the default catalog (a newer @iconify/json), keeps the
 * revisions it replaced: for each pack the catalog serves whose document
 * changed, what the previous database served (since it was built) and what
 * the new one serves (from `now` on), so that pinned addresses and past
 * moments keep answering as before. A pack an update serves is not the
 * catalog's to replace; one the rebuild dropped is logged as no longer
 * served; one it added is kept from `now` on. Unchanged packs cost nothing.
 * Returns a line per pack.
 */
export function keepRebuiltRevisions(history: RevisionHistory, previous: CatalogDatabase, current: CatalogDatabase, now = Date.now()): string[] {
  const lines: string[] = [];
  const packs = new Set([...previous.packs.keys(), ...current.packs.keys()]);
  for (const pack of [...packs].sort()) {
    const before = previous.packDocumentInfo(pack)?.etag;
    const after = current.packDocumentInfo(pack)?.etag;
    if (before === after) continue;
    const served = history.revisions(pack).length > 0 ? history.served(pack) : undefined;
    if (served && !served.source.startsWith(CATALOG_SOURCE_PREFIX)) continue;
    if (before !== undefined) keepCatalogRevision(history, previous, pack);
    if (after === undefined) {
      history.stopServing(pack, now);
      lines.push(`${pack}: no longer in the default catalog`);
      continue;
    }
    const version = current.metaValue('default_catalog_version') ?? 'unknown';
    const name = defaultRevisionName(version);
    const document = JSON.parse(current.packDocumentBytes(pack, 'identity').toString('utf8')) as IconifyJSON;
    // The same @iconify/json built again into other content (from other files, or cleaned by another version of
    // the registry): a revision's content never changes, so the kept one stays what its pinned addresses answer.
    if (history.keptWithOtherContent(pack, name, document)) {
      lines.push(`${pack}: not kept: ${name} is kept already with other content; its pinned addresses answer what was kept, unpinned ones the rebuilt pack`);
      continue;
    }
    const { revision } = history.record(pack, name, `${CATALOG_SOURCE_PREFIX}${version}`, document, now);
    history.serve(pack, revision.seq, now);
    lines.push(`${pack}: revision ${revision.version} kept`);
  }
  return lines;
}

/**
 * What the history keeps of a default pack the catalog serves: its
 * document with the pack's own version in its info, as the Iconify API's
 * forms show it, in place of the revision's name; so that a build of the
 * kept document (a past moment's, a pack held back to it) gives both again,
 * the revision's name from the build (see servedDocument). It is also what
 * the revision's npm package holds, before the history keeps it and after
 * (see package-versions.ts).
 */
export function catalogDocumentAsKept(database: CatalogDatabase, pack: string): IconifyJSON {
  const document = JSON.parse(database.packDocumentBytes(pack, 'identity').toString('utf8')) as IconifyJSON;
  return documentWithOwnVersion(document, ownVersionOf(database, pack));
}

/** The version a default pack's set gives itself (its info in @iconify/json), if any. */
export function ownVersionOf(database: CatalogDatabase, pack: string): string | undefined {
  const iconifyInfo = database.iconifyInfo(pack);
  return iconifyInfo === undefined ? undefined : (JSON.parse(iconifyInfo) as IconifyInfo).version;
}

import type { Catalog } from '../data/catalog/catalog.js';
import type { RevisionHistory } from '../data/history/revision-history.js';
import { defaultRevisionName } from '../data/catalog/revision-names.js';
import { ownVersionOf } from '../data/history/catalog-revisions.js';
import { type KeptDocumentPlace, keptRevisionKey } from '../data/history/revision-document.js';
import { READ_SLICE_MS, readInTurns } from '../util/in-turns.js';

/**
 * One version of a pack as a package would carry it: a kept revision, or
 * the content the catalog serves when no revision of it is kept yet.
 */
export interface PackageVersion {
  /** The revision's name, as pinned addresses and the history name it: `1.2.137`, `json-2.2.535`. */
  version: string;
  /** When the history recorded it (ms since the epoch), a default pack's catalog revision when its catalog was built; undefined for an own pack's content not kept. */
  recorded: number | undefined;
  /** Whether the pack's unpinned addresses serve it. */
  served: boolean;
  /**
   * Names its content for good: two versions with the same key have the
   * same document, so what is made from one may stand for the other.
   */
  key: string;
  /** Its pack document, read where it is kept: what the thread that makes its package is sent. */
  document(): PackageDocument | Promise<PackageDocument>;
}

/**
 * A pack document as a package is made from it: its JSON (minified, as the
 * catalog and the history keep it) in the chunks it was read in, and, for a
 * default pack's document as the catalog stores it, the set's own version to
 * name in its info in place of the revision's, as the history keeps it
 * (catalogDocumentAsKept). That change is left to the thread that makes the
 * package, which parses the JSON anyway: made here, it held the thread
 * answering requests for the time a large pack takes to parse and write
 * again.
 */
export type PackageDocument =
  | {
      chunks: Uint8Array[];
      /** Given when the info's version is to be the set's own (`own`), or none when `own` is undefined. */
      setVersion?: { own: string | undefined };
    }
  /** A kept revision's, which the thread reads from the history file itself: made here, the largest packs' held this thread for seconds. */
  | { kept: KeptDocumentPlace };

/** The prefix of the name given to an own pack's content before it is kept as a revision, followed by a digest of that content. */
export const OWN_CONTENT_PREFIX = 'own-';
/** Hex digits of the content's digest in that name: enough to tell an own pack's contents apart. */
const OWN_DIGEST_DIGITS = 12;

/**
 * A served pack's versions, oldest first: its kept revisions, the one the
 * history serves marked; or, for a pack no update has touched (the default
 * catalog's before its first update, and own packs), the content the
 * catalog serves, as one version. Its name is the one the history would give
 * it: `json-{version of @iconify/json}` for a default pack (so that it keeps
 * its name, and its package its bytes, once its first update keeps it), and
 * `own-{digest of the content}` for an own pack (a new name for every new
 * content, since none of it is kept).
 */
export function packageVersionsOf(pack: string, catalog: Catalog, history: RevisionHistory | undefined): PackageVersion[] {
  const revisions = history?.revisions(pack) ?? [];
  if (history && revisions.length > 0) {
    const served = history.served(pack)?.seq;
    return revisions.map((revision) => ({
      version: revision.version,
      recorded: revision.recorded,
      served: revision.seq === served,
      key: keptRevisionKey(revision),
      document: () => {
        const file = history.path;
        return file === undefined
          ? { chunks: [Buffer.from(JSON.stringify(history.documentAt(pack, revision.seq)))] }
          : { kept: { history: file, pack, seq: revision.seq } };
      },
    }));
  }
  const stored = catalog.packDocumentInfo(pack);
  const database = catalog.database(pack);
  if (!stored || !database) return [];
  const iconifyJson = database.metaValue('default_catalog_version');
  const digest = Buffer.from(stored.etag.replaceAll('"', ''), 'base64url').toString('hex').slice(0, OWN_DIGEST_DIGITS);
  return [
    {
      version: iconifyJson ? defaultRevisionName(iconifyJson) : `${OWN_CONTENT_PREFIX}${digest}`,
      // A default pack's dated when its catalog was built, as the history dates it once it keeps it (see keepCatalogRevision).
      recorded: iconifyJson ? database.builtAt() : undefined,
      served: true,
      key: `stored ${stored.etag}`,
      // A default pack's as the history will keep it, so that its package has the same bytes before and after.
      document: async () => ({
        // Read a few chunks a turn: the largest packs' documents are about 100 MB.
        chunks: await readInTurns(catalog.packDocumentChunks(pack, 'identity'), READ_SLICE_MS),
        ...(iconifyJson ? { setVersion: { own: ownVersionOf(database, pack) } } : {}),
      }),
    },
  ];
}

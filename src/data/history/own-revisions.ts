import { existsSync } from 'node:fs';
import type { IconifyJSON } from '@iconify/types';
import { CatalogDatabase } from '../catalog/catalog-database.js';
import { ownCatalogPath } from '../catalog/ensure.js';
import { historyPath, openHistory } from './history-file.js';
import { isOwnRevisionName, ownRevisionName } from '../catalog/revision-names.js';

/** Revisions kept of each own pack: an older one is forgotten when a newer is recorded. */
export const MAX_OWN_REVISIONS = 50;

/** Where an own pack's revision says it came from. */
export const OWN_SOURCE = 'own packs';

/**
 * Keeps a revision of every own pack whose content differs from its newest
 * kept one (a pack seen for the first time included), served from `now`,
 * and logs the own packs that are gone as no longer served. Called after
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
  try {
    for (const [pack, record] of own.packs) {
      const newest = history.revisions(pack).at(-1);
      // The build names in each document the revision it made (see ensureOwnCatalog): one kept under that name is this content, so
      // an unchanged pack costs no read of its document, and a start costs what the packs changed, not what they hold.
      const named = record.entry.version;
      let read: IconifyJSON | undefined;
      const document = () => (read ??= JSON.parse(own.packDocumentBytes(pack, 'identity').toString('utf8')) as IconifyJSON);
      if (newest?.source === OWN_SOURCE && (newest.version === named || history.holds(pack, newest.seq, document()))) {
        if (!history.isServed(pack)) history.serve(pack, newest.seq, now);
        continue;
      }
      // Named as the build named it in the document (a document built before documents named revisions: by now).
      const name =
        named !== undefined && isOwnRevisionName(named) && !history.revisions(pack).some((kept) => kept.version === named) ? named : ownRevisionName(now);
      const { revision } = history.record(pack, name, OWN_SOURCE, document(), now);
      history.serve(pack, revision.seq, now);
      while (history.revisions(pack).filter((kept) => kept.source === OWN_SOURCE).length > MAX_OWN_REVISIONS) history.forgetOldest(pack);
      lines.push(`${pack}: revision ${revision.version} kept`);
    }
    for (const pack of history.packs()) {
      const newest = history.revisions(pack).at(-1);
      if (newest?.source === OWN_SOURCE && !own.packs.has(pack) && history.isServed(pack)) history.stopServing(pack, now);
    }
    return lines;
  } finally {
    history.close();
    own.close();
  }
}

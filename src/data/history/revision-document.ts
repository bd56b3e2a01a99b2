import type { IconifyJSON } from '@iconify/types';
import { infoNamingRevision } from '../catalog/info-version.js';
import { type Revision, RevisionHistory, type RevisionReader } from './revision-history.js';

/** A revision's pack document as the registry serves it, pinned or not: its info names the revision. */
export function revisionDocument(history: Pick<RevisionReader, 'documentAt'>, revision: Pick<Revision, 'pack' | 'seq' | 'version'>): IconifyJSON | undefined {
  const document = history.documentAt(revision.pack, revision.seq);
  if (!document) return undefined;
  return document.info ? { ...document, info: infoNamingRevision(document.info, revision.version) } : document;
}

/** Where a kept revision's document is read away from the thread that answers requests: the history file, the pack, the revision's place. */
export interface KeptDocumentPlace {
  history: string;
  pack: string;
  seq: number;
}

/**
 * A kept revision's pack document read from the history file, on a
 * connection of its own opened for it alone (an update may write the file
 * meanwhile): in the threads that make packages and pinned documents.
 */
export function documentInHistoryFile({ history: file, pack, seq }: KeptDocumentPlace): IconifyJSON {
  const history = new RevisionHistory(file, true);
  try {
    const document = history.documentAt(pack, seq);
    if (!document) throw new Error(`${file} keeps no revision ${seq} of ${pack}`);
    return document;
  } finally {
    history.close();
  }
}

/**
 * What names a kept revision's content for good: two revisions with the
 * same key have the same document, so what is made from one (a package, a
 * pinned document) may stand for the other.
 */
export const keptRevisionKey = (revision: Pick<Revision, 'seq' | 'recorded' | 'version'>) =>
  `revision ${revision.seq} ${revision.recorded} ${revision.version}`;

/** Where a revision recorded from what the default catalog served says it came from (see `icon-registry update`). */
export const CATALOG_SOURCE_PREFIX = '@iconify/json@';

/**
 * A revision's pack document as the unpinned addresses served it, to be
 * built again (a past moment's catalog, a pack held back to it), the build
 * naming the revision (BuildInput.revisionOf): a revision that came from a
 * package names its version in its info; one recorded from what the default
 * catalog served is that document as it was, the pack's own version in its
 * info, which the Iconify API's forms show.
 */
export function servedDocument(history: RevisionHistory, revision: Revision): IconifyJSON | undefined {
  return revision.source.startsWith(CATALOG_SOURCE_PREFIX) ? history.documentAt(revision.pack, revision.seq) : revisionDocument(history, revision);
}

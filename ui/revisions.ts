import type { FeedItem } from '../src/core/render/changes-atom.js';
import type { PackChangesDocument, PackHistoryDocument } from '../src/registry/changes.js';
import { pageRelative, whereServed } from './api.js';
import { type ShownPack, shownPackId } from './revision-ids.js';
import { cached } from './state.js';

/*
 * The revisions the registry keeps of a pack, as the page reads them: a
 * pack's history (one small answer, an empty list for a pack with none, and
 * nothing at all from a static export, which has no such route), what
 * changed between two revisions, and which icons of a revision are new or
 * drawn otherwise than in the one before.
 */

export type RevisionItem = FeedItem;
export type RevisionChanges = Pick<PackChangesDocument, 'added' | 'hidden' | 'renamed' | 'changed'>;

/** How an icon of the list shown differs from the revision before: drawn anew, or drawn otherwise. */
export type IconMark = 'new' | 'changed';

/**
 * A page of a pack's kept revisions, newest first (at most 50; those kept
 * before `before` when given); undefined where the registry has no history
 * to read (a static export).
 */
export function packHistory(pack: string, before?: string): Promise<PackHistoryDocument | undefined> {
  return cached(`history:${pack}:${before ?? ''}`, () =>
    whereServed(async () => {
      const query = new URLSearchParams({ pack });
      if (before !== undefined) query.set('before', before);
      try {
        const response = await fetch(`${pageRelative({ kind: 'changes' })}?${query}`);
        return response.ok ? ((await response.json()) as PackHistoryDocument) : undefined;
      } catch {
        return undefined;
      }
    }, undefined),
  );
}

/** What changed in a pack from revision `from` to revision `to`. */
export function revisionChanges(pack: string, from: string, to: string): Promise<RevisionChanges> {
  return cached(`changes:${pack}:${from}:${to}`, async () => {
    const response = await fetch(`${pageRelative({ kind: 'changes' })}?${new URLSearchParams({ pack, from, to })}`);
    if (!response.ok) throw new Error(`changes of ${pack}: ${response.status}`);
    return (await response.json()) as RevisionChanges;
  });
}

/** The revision shown of a pack's history: the one asked for, or the one served. */
export function shownRevision(history: PackHistoryDocument, revision: string | undefined): RevisionItem | undefined {
  const version = revision ?? history.served;
  return history.revisions.find((item) => item.version === version);
}

/**
 * The icons of a revision that are new or drawn otherwise than in the
 * revision before it (by their page ids), read from its changes; none for a
 * pack's first revision.
 */
export async function marksOf(shown: ShownPack, item: RevisionItem | undefined): Promise<Map<string, IconMark>> {
  const marks = new Map<string, IconMark>();
  if (!item?.previous || item.added + item.changed === 0) return marks;
  const changes = await revisionChanges(shown.pack, item.previous, item.version);
  const prefix = `${shownPackId(shown)}:`;
  for (const name of changes.added) marks.set(prefix + name, 'new');
  for (const name of changes.changed) marks.set(prefix + name, 'changed');
  return marks;
}

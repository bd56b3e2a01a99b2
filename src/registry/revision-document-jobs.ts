import type { IconifyJSON } from '@iconify/types';
import { documentInHistoryFile, type KeptDocumentPlace, revisionDocument } from '../data/history/revision-document.js';
import { compress } from '../util/compression.js';
import { etagOf } from '../util/etag.js';
import { joinedChunks } from '../util/job-thread.js';
import { digestsOf } from './kept-files.js';
import { inKeptOrder, rootFieldsOf } from './pinnable-revisions.js';

/**
 * What is made of a revision's pack document away from the thread that
 * answers requests (revision-document-thread.ts runs these): reading,
 * parsing and writing the document of a large pack takes that thread a
 * second or more, and compressing it several.
 */

/** A pack document to read: a kept revision's, from the history file (a connection of its own), or the catalog's, as JSON in the chunks it was read in. */
export type DocumentSource = { kept: KeptDocumentPlace } | { chunks: Uint8Array[] };

export type RevisionDocumentJob =
  /** The root fields of the catalog's document (see rootFieldsOf). */
  | { kind: 'root'; chunks: Uint8Array[] }
  /** A revision's pinned document, as `version` names it (see revisionDocument), in each coding. */
  | { kind: 'document'; source: DocumentSource; pack: string; version: string };

export type RevisionDocumentResult =
  | { root: Record<string, unknown> }
  | { identity: Uint8Array; gzip: Uint8Array; br: Uint8Array; etag: string; digests: { sha512: string; sha1: string } };

/** Runs a job; the same job always gives the same bytes, those the thread answering requests would make (see pinnedAnswer). */
export function runRevisionDocumentJob(job: RevisionDocumentJob): RevisionDocumentResult {
  if (job.kind === 'root') return { root: rootFieldsOf(parsedChunks(job.chunks)) };
  const identity = Buffer.from(JSON.stringify(pinnedDocumentOf(job.source, job.pack, job.version)));
  return {
    identity,
    gzip: compress(identity, 'gzip'),
    br: compress(identity, 'br'),
    etag: etagOf(identity),
    digests: digestsOf(identity),
  };
}

/** A revision's pack document as its pinned address answers it: its info naming the revision. */
function pinnedDocumentOf(source: DocumentSource, pack: string, version: string): IconifyJSON {
  if ('chunks' in source) {
    // The catalog's content in the order the history keeps a revision's (see PinnableRevisions.documentAt).
    const ordered = inKeptOrder(parsedChunks(source.chunks));
    return revisionDocument({ documentAt: () => ordered }, { pack, seq: 0, version }) as IconifyJSON;
  }
  return revisionDocument({ documentAt: () => documentInHistoryFile(source.kept) }, { pack, seq: source.kept.seq, version }) as IconifyJSON;
}

const parsedChunks = (chunks: readonly Uint8Array[]) => JSON.parse(joinedChunks(chunks).toString('utf8')) as IconifyJSON;

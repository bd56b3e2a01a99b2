import { join } from 'node:path';
import { MAX_WAITING_REVISION_JOBS } from '../core/revision-limits.js';
import type { Problem } from '../core/problem.js';
import { JSON_TYPE, type Resource } from '../core/resource.js';
import type { Catalog } from '../data/catalog/catalog.js';
import type { Revision } from '../data/history/revision-history.js';
import { digestOf } from '../util/etag.js';
import { READ_SLICE_MS, readInTurns } from '../util/in-turns.js';
import { isLargeDocument } from '../util/sized-job-threads.js';
import { bufferOver } from '../util/job-thread.js';
import type { KeptFiles } from './kept-files.js';
import type { PinnableRevisions } from './pinnable-revisions.js';
import { IMMUTABLE, recordedAt } from './pinned.js';
import type { RevisionDocumentJob } from './revision-document-jobs.js';
import { revisionDocumentMaker } from './revision-document-threads.js';

/** A job on a revision's document refused for a full queue (see MAX_WAITING_REVISION_JOBS): to try again shortly. */
export const REVISION_JOBS_BUSY: Problem = {
  status: 503,
  code: 'too_busy',
  detail: `More than ${MAX_WAITING_REVISION_JOBS} revisions' documents or packs' root fields are waiting to be made; try again in a few seconds.`,
};

/** The folder of a data directory where revisions' pack documents are kept, once made, a folder per pack. */
export const keptDocumentsPath = (dataDir: string) => join(dataDir, 'pinned-documents');

/**
 * What pinned addresses make of a revision's whole pack document, away from
 * the thread that answers requests (see revision-document-jobs.ts): read
 * whole, parsed and written again, a large pack's held it a second or more
 * (and compressing it, several), for every such request, since a document
 * that large is more than the caches keep.
 */
export class RevisionDocuments {
  /** The root fields being parsed of catalog packs, by pack: asked for again meanwhile, they are waited for. */
  private readonly rootsParsing = new Map<string, Promise<void>>();

  constructor(
    private readonly catalog: Catalog,
    private readonly revisions: PinnableRevisions,
    /** Where the documents made are kept: in a folder of the data directory when serving (made once for good), in memory otherwise. */
    private readonly kept: KeptFiles,
  ) {}

  /**
   * Resolves once the revision's root fields are read without parsing its
   * pack document here: for the catalog's content of a pack, asked for the
   * first time, they are parsed in the thread; undefined when nothing is
   * to wait for.
   */
  rootsRead(revision: Revision): Promise<void> | undefined {
    const { pack } = revision;
    if (!this.revisions.parsesForRoot(pack, revision.seq)) return undefined;
    let parsing = this.rootsParsing.get(pack);
    if (!parsing) {
      parsing = revisionDocumentMaker()
        .run(this.isLarge(pack), async () => ({ kind: 'root', chunks: await this.catalogChunks(pack) }))
        .then((result) => {
          if ('root' in result) this.revisions.keepCatalogRoot(pack, result.root);
        })
        .finally(() => this.rootsParsing.delete(pack));
      this.rootsParsing.set(pack, parsing);
    }
    return parsing;
  }

  /**
   * A revision's pack document as its pinned address answers it (the same
   * bytes pinnedAnswer makes), made in the thread in each coding and kept
   * under a name that says what content it was made from; undefined where
   * no thread can read the revision (a history held in memory, a catalog
   * pack without its stored document): pinnedAnswer makes it here.
   */
  packDocument(revision: Revision): Resource | Promise<Resource> | undefined {
    const place = this.revisions.documentPlace(revision);
    if (!place) return undefined;
    const { pack, version } = revision;
    const fields = { contentType: JSON_TYPE, cacheControl: IMMUTABLE, lastModified: recordedAt(revision) };
    const read = async (): Promise<RevisionDocumentJob> => ({
      kind: 'document',
      pack,
      version,
      source: 'kept' in place ? { kept: place.kept } : { chunks: await this.catalogChunks(pack) },
    });
    const file = this.kept.get(pack, `${digestOf(place.key)}.json`, fields, async () => {
      const made = await revisionDocumentMaker().run(this.isLarge(pack), read);
      if (!('identity' in made)) throw new Error(`the revision document thread answered no document for ${pack}@${version}`);
      return {
        bytes: bufferOver(made.identity),
        codings: { gzip: bufferOver(made.gzip), br: bufferOver(made.br) },
        etag: made.etag,
        digests: made.digests,
        about: {},
      };
    });
    return file instanceof Promise ? file.then((made) => made.resource) : file.resource;
  }

  /** The catalog's document of a pack, read a few chunks a turn. */
  private catalogChunks(pack: string): Promise<Buffer[]> {
    return readInTurns(this.catalog.packDocumentChunks(pack, 'identity'), READ_SLICE_MS);
  }

  /** Whether a pack's documents are made beside the others' (see isLargeDocument): by its document as served, which its kept revisions' are near. */
  private isLarge(pack: string): boolean {
    return isLargeDocument(this.catalog.packDocumentInfo(pack)?.lengths.identity ?? 0);
  }
}

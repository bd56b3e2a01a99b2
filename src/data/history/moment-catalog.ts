import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCatalog, QUIET_BUILD } from '../catalog/build.js';
import { listKeptSources, packOfKeptSource, type SourceFile } from '../catalog/sources.js';
import { servedDocument } from './revision-document.js';
import { type Revision, RevisionHistory } from './revision-history.js';

/** The folder of a data directory where the catalogs of past moments are kept, each built once. */
export const MOMENTS_FOLDER = 'moments';

/** The revisions of the packs that a past moment served otherwise than now. */
export type MomentRevisions = readonly Revision[];

/** The name of the catalog of these revisions: the same revisions, whatever the moment, share one file. */
export function momentKey(revisions: MomentRevisions): string {
  const names = revisions.map((revision) => `${revision.pack}@${revision.seq}`).sort();
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 32);
}

/** A moment's catalog being built (see ensureMomentCatalog), its first group the building process's id: one of a process no longer running was never finished. */
export const MOMENT_WORK = /^[0-9a-f]{32}\.(\d+)\.\d+(?:\.db(?:-journal|-wal|-shm)?)?$/;

/** Where the catalog of these revisions is kept once built. */
export const momentCatalogPath = (dataDir: string, revisions: MomentRevisions) => join(dataDir, MOMENTS_FOLDER, `${momentKey(revisions)}.db`);

/**
 * The database that serves, under the catalog as it is now, the packs a past
 * moment served otherwise: built once from the history, by the build that
 * makes every catalog, and kept in the data directory's `moments/` folder
 * under the revisions' key. Each process builds into a place of its own and
 * renames the result into place, so two workers asking at once never share
 * a half-built file. The cost of the build follows the packs that changed
 * since the moment, not the catalog's size.
 */
export async function ensureMomentCatalog(dataDir: string, history: RevisionHistory, revisions: MomentRevisions): Promise<string> {
  const folder = join(dataDir, MOMENTS_FOLDER);
  const key = momentKey(revisions);
  const path = momentCatalogPath(dataDir, revisions);
  if (existsSync(path)) return path;
  const work = join(folder, `${key}.${process.pid}.${Date.now()}`);
  mkdirSync(work, { recursive: true });
  try {
    for (const revision of revisions) {
      const document = servedDocument(history, revision);
      if (document) writeFileSync(join(work, `${revision.pack}.json`), JSON.stringify(document));
    }
    const built = `${work}.db`;
    const names = new Map(revisions.map((revision) => [revision.pack, revision.version]));
    const revisionOf = (file: SourceFile) => names.get(packOfKeptSource(file));
    // The packs come from the history, where every revision was checked when it was recorded: nothing to report.
    await buildCatalog({ files: listKeptSources(work), meta: { fingerprint: `moment ${key}` }, revisionOf }, built, QUIET_BUILD);
    renameSync(built, path);
    return path;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A past moment's catalog to build in the moment catalog thread: the history read from its file there. */
export interface MomentCatalogJob {
  dataDir: string;
  history: string;
  revisions: MomentRevisions;
}

/**
 * ensureMomentCatalog in the moment catalog thread (moment-catalog-thread.ts),
 * on a connection of its own to the history: a moment's build reads the
 * revisions' documents whole (100 MB for the largest pack), writes them and
 * builds a database of them, which held the thread answering requests for
 * seconds.
 */
export async function momentCatalogOfJob(job: MomentCatalogJob): Promise<string> {
  const history = new RevisionHistory(job.history, true);
  try {
    return await ensureMomentCatalog(job.dataDir, history, job.revisions);
  } finally {
    history.close();
  }
}

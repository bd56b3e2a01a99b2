import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { QUIET_BUILD } from '../data/catalog/build.js';
import { Catalog } from '../data/catalog/catalog.js';
import { catalogPath, ensureUpdatesCatalog, ownCatalogPath, updatesCatalogIsCurrent, updatesCatalogPath } from '../data/catalog/ensure.js';
import { PackError, preparePack } from '../data/catalog/prepare-pack.js';
import { type IconSetPackage, PackageError, PackageMissing, readIconSetPackage } from '../data/history/package-source.js';
import { historyPath, openHistory } from '../data/history/history-file.js';
import { keepCatalogRevision } from '../data/history/catalog-revisions.js';
import { servedDocument } from '../data/history/revision-document.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';
import type { UpdateOptions } from './options.js';
import { UpdateStaging } from './update-staging.js';
import { finishAbandonedUpdates, UpdateUndo } from './update-undo.js';
import { oneUpdateAtATime, UpdateLockError } from './update-lock.js';
import { rebuildUpdates } from './stale-updates.js';
import { logUnloggedLines, ownPackIds, servedByUpdates, updatedRevisionName } from './unlogged-serving.js';

/** A package read and checked: what the history records of it, and where its prepared document is staged. */
interface Fetched {
  version: string;
  source: string;
  staged: string;
}

/** A pack's revision to serve: fetched now, or kept already. */
type Wanted = { pack: string; fetched: Fetched } | { pack: string; kept: Revision };

/** Why an update could not be made; nothing was changed. */
export class UpdateError extends Error {}

/** Why an update failed after it began to write, when it could not put back all it had replaced: the next update does. */
export class UpdateNotUndone extends Error {}

/**
 * `icon-registry update`: reads every package asked for (from the npm
 * registry or the tarballs given) and checks it as a build would, before
 * anything is written, so that a failed download or a broken package changes
 * nothing. Each package's prepared document is staged on disk as soon as it
 * is checked (see UpdateStaging), so that one package at a time is held in
 * memory. Then keeps each as a revision in the history, makes it the one
 * served, writes the updated packs' documents and builds their database,
 * which a running server reopens within seconds (see serveWanted). Returns
 * what it did, a line per pack.
 */
export async function updatePacks(options: UpdateOptions, waiting: (pid: number | undefined) => void = () => undefined): Promise<string[]> {
  if (!existsSync(catalogPath(options.dataDir))) throw new UpdateError(`no catalog in ${options.dataDir}: run icon-registry build first`);
  // One update at a time: another one's writing is waited for, said once through `waiting`.
  try {
    return await oneUpdateAtATime(options.dataDir, waiting, () => updateAlone(options));
  } catch (error) {
    if (error instanceof UpdateLockError) throw new UpdateError(error.message);
    throw error;
  }
}

async function updateAlone(options: UpdateOptions): Promise<string[]> {
  // Before the catalog as served is read: what a killed update wrote is put back, unless it was served already.
  failingAs('could not put back what an interrupted update replaced', () => finishAbandonedUpdates(options.dataDir));
  const history = openHistory(options.dataDir);
  try {
    const lines = failingAs(`could not log in ${historyPath(options.dataDir)} what the updates' database serves`, () =>
      logUnloggedLines(options.dataDir, history),
    );
    // An updates' database of another catalog format is built again before the catalog as served is read (see stale-updates.ts).
    if (!updatesCatalogIsCurrent(options.dataDir)) {
      try {
        await rebuildUpdates(options.dataDir, history, QUIET_BUILD);
      } catch (error) {
        throw new UpdateError(`could not build ${updatesCatalogPath(options.dataDir)} again: ${(error as Error).message}`, { cause: error });
      }
    }
    // The catalog as served, to keep what it serves now of a pack before its first update.
    const catalog = new Catalog(
      [catalogPath(options.dataDir), updatesCatalogPath(options.dataDir), ownCatalogPath(options.dataDir)].filter((path) => existsSync(path)),
    );
    const staging = new UpdateStaging(options.dataDir);
    try {
      const wanted = await gather(options, catalog, history, staging, lines);
      await serveWanted(options.dataDir, wanted, { catalog, history, staging }, lines);
      return lines;
    } finally {
      staging.remove();
      catalog.close();
    }
  } finally {
    history.close();
  }
}

/**
 * Records each revision wanted, writes its document in the updates folder,
 * builds the updates' database and logs the revisions served, all or nothing
 * as far as what is served goes: what it replaces of the updates folder and
 * database is kept aside (see UpdateUndo) and put back when any step fails,
 * which throws UpdateError. The revisions it recorded stay kept, not served,
 * as a pack held back keeps its newer ones (a later update serves them
 * without fetching them again).
 */
async function serveWanted(
  dataDir: string,
  wanted: Wanted[],
  { catalog, history, staging }: { catalog: Catalog; history: RevisionHistory; staging: UpdateStaging },
  lines: string[],
): Promise<void> {
  const database = updatesCatalogPath(dataDir);
  const undo = failingAs(`could not keep ${database} to put it back should the update fail`, () => new UpdateUndo(dataDir));
  try {
    const toServe: Revision[] = [];
    const named: Revision[] = [];
    // A pack an own pack of the same id replaces keeps the revision in the updates' database, served once the own pack goes.
    const replaced = ownPackIds(dataDir);
    for (const item of wanted) {
      // Before a pack's first revision of its own, what the catalog serves of it now is kept, to stay addressable.
      const served = catalog.database(item.pack);
      if (served) failingAs(`could not keep what the catalog serves of ${item.pack}`, () => keepCatalogRevision(history, served, item.pack));
      const revision = 'kept' in item ? item.kept : recordFetched(item.pack, item.fetched, history, staging);
      named.push(revision);
      if (!replaced.has(item.pack)) toServe.push(revision);
      // The served revision's document, as the file the updates' database is built from.
      const document = JSON.stringify(servedDocument(history, revision));
      failingAs(`could not write ${undo.documentPath(item.pack)}`, () => undo.write(item.pack, document));
      const from = 'fetched' in item ? ` (${item.fetched.source})` : ' (kept)';
      lines.push(
        replaced.has(item.pack)
          ? `${item.pack}: keeping ${revision.version}${from}, not served while an own pack of the same id replaces it`
          : `${item.pack}: serving ${revision.version}${from}`,
      );
    }
    const servedNow = new Map(named.map((revision) => [revision.pack, revision.version]));
    const observer = {
      progress: () => undefined,
      skipped: (file: string, reason: string) => lines.push(`${file}: skipped: ${reason}`),
      warning: (file: string, message: string) => lines.push(`${file}: ${message}`),
    };
    // What the database holds now names the revisions of packs an own pack replaces, which the history does not serve.
    const before = servedByUpdates(dataDir)?.versions;
    try {
      // This run's, and the revisions earlier runs serve of the other packs the folder holds.
      await ensureUpdatesCatalog(dataDir, observer, (pack) => servedNow.get(pack) ?? updatedRevisionName(history, pack, before));
    } catch (error) {
      throw new UpdateError(`could not build ${database}: ${(error as Error).message}`, { cause: error });
    }
    // Logged once the new database is in place, when servers begin to serve it (see /at/{moment}/).
    const servedFrom = Date.now();
    failingAs(`could not log the revisions served in ${historyPath(dataDir)}`, () => history.serveEach(toServe, servedFrom));
  } catch (error) {
    const failure = error instanceof UpdateError ? error : new UpdateError((error as Error).message, { cause: error });
    try {
      undo.restore();
    } catch (undoError) {
      throw new UpdateNotUndone(`${failure.message}; putting back what it replaced failed too: ${(undoError as Error).message}; the next update puts it back`, {
        cause: failure,
      });
    }
    throw failure;
  }
  try {
    undo.discard();
  } catch (error) {
    // Served already: the next update removes what is left (its database is not the one kept).
    lines.push(`${undo.where}: could not be removed: ${(error as Error).message}`);
  }
}

/** What `run` returns; what it throws, as an UpdateError that says what could not be done. */
function failingAs<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof UpdateError) throw error;
    throw new UpdateError(`${what}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * What to serve for each pack asked for, every package read, checked and its
 * prepared document staged; throws UpdateError on the first that cannot be.
 */
async function gather(options: UpdateOptions, catalog: Catalog, history: RevisionHistory, staging: UpdateStaging, notes: string[]): Promise<Wanted[]> {
  const specs: string[] = [];
  const kept: Wanted[] = [];
  for (const file of options.from) {
    if (!existsSync(file)) throw new UpdateError(`${file}: no such file`);
    specs.push(`file:${resolve(file)}`);
  }
  const everyPack = !(options.packs.length || options.from.length);
  const named = everyPack ? defaultPacks(catalog).map((pack) => ({ pack, version: undefined })) : options.packs;
  for (const { pack, version } of named) {
    const revision = version === undefined ? undefined : history.revision(pack, version);
    if (revision) kept.push({ pack, kept: revision });
    else specs.push(`@iconify-json/${pack}@${version ?? 'latest'}`);
  }
  const fetched: Wanted[] = [];
  for (const spec of specs) {
    let read: IconSetPackage;
    try {
      read = await readIconSetPackage(spec);
    } catch (error) {
      // Updating every pack, one that @iconify/json has but npm does not publish on its own stays as served.
      if (everyPack && error instanceof PackageMissing) {
        notes.push(`${spec}: not published on its own; kept as served`);
        continue;
      }
      if (error instanceof PackageError) throw new UpdateError(error.message);
      throw error;
    }
    fetched.push({ pack: read.pack, fetched: { version: read.version, source: read.source, staged: stagePrepared(read, history, staging) } });
  }
  return [...fetched, ...kept];
}

/** The packs of the default catalog (those that came with @iconify/json). */
function defaultPacks(catalog: Catalog): string[] {
  const defaults = catalog.databases[0];
  return defaults ? [...defaults.packs.keys()] : [];
}

/**
 * Checks a package's pack as a build would, and that the history can record
 * it, then stages the document the history will record of it; returns the
 * staged file.
 */
function stagePrepared(read: IconSetPackage, history: RevisionHistory, staging: UpdateStaging): string {
  let document: string;
  try {
    document = preparePack(read.set, read.pack, true).document;
  } catch (error) {
    if (error instanceof PackError) throw new UpdateError(`${read.source}: ${error.message}`);
    throw error;
  }
  // The history would refuse it once other packages are written: refused here, as the history words it, nothing is.
  if (history.keptWithOtherContent(read.pack, read.version, JSON.parse(document) as IconifyJSON)) {
    throw new UpdateError(`${read.pack}@${read.version} is kept already, with other content`);
  }
  try {
    return staging.stage(read.pack, document);
  } catch (error) {
    throw new UpdateError(`${read.source}: could not be staged in ${staging.folder}: ${(error as Error).message}`);
  }
}

function recordFetched(pack: string, fetched: Fetched, history: RevisionHistory, staging: UpdateStaging): Revision {
  try {
    return history.record(pack, fetched.version, fetched.source, staging.read(fetched.staged)).revision;
  } catch (error) {
    throw new UpdateError((error as Error).message);
  }
}

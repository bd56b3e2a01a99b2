import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { Catalog } from '../data/catalog/catalog.js';
import { catalogPath, ensureUpdatesCatalog, ownCatalogPath, updatesCatalogPath, updatesFolder } from '../data/catalog/ensure.js';
import { PackError, preparePack } from '../data/catalog/prepare-pack.js';
import { type IconSetPackage, PackageError, PackageMissing, readIconSetPackage } from '../data/history/package-source.js';
import { openHistory } from '../data/history/history-file.js';
import { keepCatalogRevision } from '../data/history/catalog-revisions.js';
import { servedDocument } from '../data/history/revision-document.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';
import type { UpdateOptions } from './options.js';
import { UpdateStaging } from './update-staging.js';

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

/**
 * `icon-registry update`: reads every package asked for (from the npm
 * registry or the tarballs given) and checks it as a build would, before
 * anything is written, so that a failed download or a broken package changes
 * nothing. Each package's prepared document is staged on disk as soon as it
 * is checked (see UpdateStaging), so that one package at a time is held in
 * memory. Then keeps each as a revision in the history, makes it the one
 * served, writes the updated packs' documents and builds their database,
 * which a running server reopens within seconds. Returns what it did, a line
 * per pack.
 */
export async function updatePacks(options: UpdateOptions): Promise<string[]> {
  if (!existsSync(catalogPath(options.dataDir))) throw new UpdateError(`no catalog in ${options.dataDir}: run icon-registry build first`);
  // The catalog as served, to keep what it serves now of a pack before its first update.
  const catalog = new Catalog(
    [catalogPath(options.dataDir), updatesCatalogPath(options.dataDir), ownCatalogPath(options.dataDir)].filter((path) => existsSync(path)),
  );
  const history = openHistory(options.dataDir);
  const staging = new UpdateStaging(options.dataDir);
  try {
    const lines: string[] = [];
    const wanted = await gather(options, catalog, history, staging, lines);
    const toServe: Revision[] = [];
    for (const item of wanted) {
      // Before a pack's first revision of its own, what the catalog serves of it now is kept, to stay addressable.
      const database = catalog.database(item.pack);
      if (database) keepCatalogRevision(history, database, item.pack);
      const revision = 'kept' in item ? item.kept : recordFetched(item.pack, item.fetched, history, staging);
      toServe.push(revision);
      writeUpdatedDocument(options.dataDir, item.pack, servedDocument(history, revision) as IconifyJSON);
      lines.push(`${item.pack}: serving ${revision.version}${'fetched' in item ? ` (${item.fetched.source})` : ' (kept)'}`);
    }
    const served = new Map(toServe.map((revision) => [revision.pack, revision.version]));
    await ensureUpdatesCatalog(
      options.dataDir,
      {
        progress: () => undefined,
        skipped: (file, reason) => lines.push(`${file}: skipped: ${reason}`),
        warning: (file, message) => lines.push(`${file}: ${message}`),
      },
      // This run's, and the revisions earlier runs serve of the other packs the folder holds.
      (pack) => served.get(pack) ?? history.served(pack)?.version,
    );
    // Logged once the new database is in place, when servers begin to serve it (see /at/{moment}/).
    const servedFrom = Date.now();
    for (const revision of toServe) history.serve(revision.pack, revision.seq, servedFrom);
    return lines;
  } finally {
    staging.remove();
    history.close();
    catalog.close();
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
  const known = history.revision(read.pack, read.version);
  if (known && !history.holds(read.pack, known.seq, JSON.parse(document) as IconifyJSON)) {
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

/** The served revision's document as the file the updates' database is built from, written whole or not at all. */
function writeUpdatedDocument(dataDir: string, pack: string, document: IconifyJSON): void {
  const folder = updatesFolder(dataDir);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${pack}.json`);
  writeFileSync(`${path}.partial`, JSON.stringify(document));
  renameSync(`${path}.partial`, path);
}

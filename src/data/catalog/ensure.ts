import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { removeAbandonedWork } from '../../util/work-files.js';
import { BUILD_STAGE, buildCatalog, type BuildObserver, type BuildSummary, type PrepareWorkers, type SearchToStore } from './build.js';
import { Catalog } from './catalog.js';
import { CatalogDatabase, SET_ORDER_KEY } from './catalog-database.js';
import { VOCABULARY_KEY } from '../search-index/vocabulary/build-vocabulary.js';
import { buildVocabularyInThread } from '../search-index/vocabulary/build-vocabulary-in-thread.js';
import { vocabularySourceVersions } from '../search-index/vocabulary/vocabulary-sources.js';
import { fingerprintOf } from './fingerprint.js';
import { defaultSetOrder, listDefaultSources, listKeptSources, listOwnSources, packOfKeptSource, type DefaultSources, type SourceFile } from './sources.js';
import { defaultRevisionName, ownRevisionName } from './revision-names.js';

export interface CatalogLocation {
  /** Directory holding the database files. */
  dataDir: string;
  /** The operator's packs directory, if any. */
  packsDir: string | undefined;
}

/** The default packs of @iconify/json: rebuilt only when that package changes. */
export const CATALOG_FILE = 'catalog.db';
/** The operator's own packs: small, rebuilt pack by pack when the packs directory changes. */
export const OWN_CATALOG_FILE = 'own.db';

/** Where the default catalog database of a data directory lives. */
export function catalogPath(dataDir: string): string {
  return join(dataDir, CATALOG_FILE);
}

export function ownCatalogPath(dataDir: string): string {
  return join(dataDir, OWN_CATALOG_FILE);
}

/**
 * Default packs that `icon-registry update` moved to another revision: their
 * documents as IconifyJSON files in a folder of the data directory, built
 * into a database of their own that serves them in place of the default
 * catalog's, and under the own packs.
 */
export const UPDATES_CATALOG_FILE = 'updates.db';
export const UPDATES_FOLDER = 'updates';

export function updatesCatalogPath(dataDir: string): string {
  return join(dataDir, UPDATES_CATALOG_FILE);
}

export function updatesFolder(dataDir: string): string {
  return join(dataDir, UPDATES_FOLDER);
}

/** The catalog of a data directory as served: the default packs, replaced where an own pack has the same id. */
export function openCatalog(dataDir: string): Catalog {
  return new Catalog([catalogPath(dataDir), ...updatedPacksPath(dataDir), ownCatalogPath(dataDir)]);
}

/** The updated default packs' database, when an update made one. */
const updatedPacksPath = (dataDir: string) => (existsSync(updatesCatalogPath(dataDir)) ? [updatesCatalogPath(dataDir)] : []);

/** The default packs alone, to be shared by the catalogs of `reopenOwnCatalog`. */
export function openDefaultCatalog(dataDir: string): Catalog {
  return new Catalog([catalogPath(dataDir)]);
}

/**
 * The catalog as served, over the default packs' database that `defaults`
 * holds open: only the own packs' file is opened, so a reload after a
 * rebuild of own packs opens one small file, and closing the catalog closes
 * only that one.
 */
export function reopenOwnCatalog(dataDir: string, defaults: Catalog): Catalog {
  return new Catalog([...updatedPacksPath(dataDir), ownCatalogPath(dataDir)], defaults.databases);
}

/**
 * Builds the database of updated default packs from the updates folder when
 * it changed (see UPDATES_CATALOG_FILE), reusing the packs whose file did not
 * change; the new file replaces the old one whole, so a server reopening it
 * sees every update of a run or none. `revisionOf` names the revision a
 * pack's file is, which its pack document names (see servedDocument).
 */
export async function ensureUpdatesCatalog(
  dataDir: string,
  observer: BuildObserver,
  revisionOf?: (pack: string) => string | undefined,
): Promise<BuildSummary | undefined> {
  const files = updatedPackFiles(dataDir);
  const path = updatesCatalogPath(dataDir);
  const fingerprint = updatesFingerprint(files);
  removeAbandonedWork(path, [BUILD_STAGE]);
  if (builtFingerprint(path) === fingerprint) return undefined;
  return buildCatalog(
    { files, meta: { fingerprint }, previous: path, revisionOf: revisionOf && ((file) => revisionOf(packOfKeptSource(file))) },
    path,
    observer,
  );
}

/** The documents of the updates folder, which the updates' database is built from. */
function updatedPackFiles(dataDir: string) {
  const folder = updatesFolder(dataDir);
  return existsSync(folder) ? listKeptSources(folder) : [];
}

/**
 * The updates' database's fingerprint: its documents by name, not by path,
 * so that how the data directory is spelt (`./data` by one command,
 * `/srv/icons/data` by another) does not make the same folder another.
 */
function updatesFingerprint(files: readonly SourceFile[]): string {
  return fingerprintOf(
    'updated packs',
    files.map((file) => ({ ...file, path: basename(file.path) })),
  );
}

/**
 * Whether the updates' database, if there is one, is what this version of
 * the build makes of the updates folder: not when a version of another
 * catalog format built it (or the folder changed since, as while an update
 * writes it).
 */
export function updatesCatalogIsCurrent(dataDir: string): boolean {
  const path = updatesCatalogPath(dataDir);
  return !existsSync(path) || builtFingerprint(path) === updatesFingerprint(updatedPackFiles(dataDir));
}

function builtFingerprint(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return CatalogDatabase.fingerprintOf(db);
    } finally {
      db.close();
    }
  } catch {
    return undefined; // not a database we can read: rebuild it
  }
}

/** The fingerprint of the default catalog: the @iconify/json version and its files. */
export function defaultCatalogFingerprint(defaults: DefaultSources = listDefaultSources()): string {
  return fingerprintOf(`@iconify/json ${defaults.version}; vocabulary ${vocabularySourceVersions()}`, defaults.files);
}

/** Whether the default packs' database of a data directory is what `build` makes of the @iconify/json it reads now. */
export function defaultCatalogIsCurrent(dataDir: string): boolean {
  return builtFingerprint(catalogPath(dataDir)) === defaultCatalogFingerprint();
}

/**
 * Whether the catalogs of a data directory are current (what `build` would
 * build nothing of: the default and own packs' that ensureCatalog makes, and
 * the updates' database), read from their fingerprints alone. The own packs'
 * files that are skipped are reported to `skipped` as the build would.
 */
export function catalogIsCurrent(location: CatalogLocation, skipped: BuildObserver['skipped']): boolean {
  if (!defaultCatalogIsCurrent(location.dataDir) || !updatesCatalogIsCurrent(location.dataDir)) return false;
  const files = listOwnSources(location.packsDir, skipped);
  return builtFingerprint(ownCatalogPath(location.dataDir)) === fingerprintOf('own packs', files);
}

/** A catalog that was built, and where. */
export interface BuiltCatalog {
  path: string;
  summary: BuildSummary;
}

/**
 * Builds what is out of date of a data directory's two catalogs (both when
 * `force`) and returns what was built: the default packs when @iconify/json
 * changed, the own packs when the packs directory did (reusing every own pack
 * whose source is unchanged, so a change costs only the packs it touches).
 * The default packs' build stores what search has it make (`toStore`): the
 * shapes search by shape starts from (search/shape/shapes-to-store.ts), and
 * what search by meaning reads at a start (search/meaning/catalog-glyphs.ts).
 */
export async function ensureCatalog(location: CatalogLocation, observer: BuildObserver, force: boolean, toStore: SearchToStore): Promise<BuiltCatalog[]> {
  mkdirSync(location.dataDir, { recursive: true });
  const built: BuiltCatalog[] = [];
  const defaults = listDefaultSources();
  const defaultPath = catalogPath(location.dataDir);
  const defaultFingerprint = defaultCatalogFingerprint(defaults);
  removeAbandonedWork(defaultPath, [BUILD_STAGE]);
  if (force || builtFingerprint(defaultPath) !== defaultFingerprint) {
    // Largest first, so the big packs do not end up alone on one core at the end.
    const files = [...defaults.files].sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : 1));
    const meta = { fingerprint: defaultFingerprint, default_catalog_version: defaults.version, [SET_ORDER_KEY]: JSON.stringify(defaultSetOrder()) };
    const metaLater = async () => ({ [VOCABULARY_KEY]: await buildVocabularyInThread() });
    const revision = defaultRevisionName(defaults.version);
    built.push({
      path: defaultPath,
      summary: await buildCatalog({ files, meta, metaLater, ...toStore, revisionOf: () => revision }, defaultPath, observer),
    });
  }
  const summary = await ensureOwnCatalog(location, observer, force, defaults);
  if (summary) built.push({ path: ownCatalogPath(location.dataDir), summary });
  return built;
}

/**
 * Builds the own packs' catalog when the packs directory changed since its
 * last build (or always, when `force`), reusing the packs whose sources did
 * not change. Returns the summary, or undefined when it was current.
 */
export async function ensureOwnCatalog(
  location: CatalogLocation,
  observer: BuildObserver,
  force = false,
  /** The default packs, when the caller has listed them already. */
  defaults?: DefaultSources,
  /** Workers the caller keeps across builds (see BuildInput.workers). */
  workers?: PrepareWorkers,
): Promise<BuildSummary | undefined> {
  const files = listOwnSources(location.packsDir, (path, reason) => observer.skipped(path, reason));
  const path = ownCatalogPath(location.dataDir);
  const fingerprint = fingerprintOf('own packs', files);
  removeAbandonedWork(path, [BUILD_STAGE]);
  if (!force && builtFingerprint(path) === fingerprint) return undefined;
  const defaultIds = new Set((defaults ?? listDefaultSources()).files.map((file) => basename(file.path, '.json')));
  // The packs prepared again are new revisions if their content changed: their documents name the revision recordOwnRevisions keeps.
  const revision = ownRevisionName(Date.now());
  return buildCatalog(
    { files, meta: { fingerprint }, previous: path, prepareAll: force, replaces: defaultIds, workers, revisionOf: () => revision },
    path,
    observer,
  );
}

import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { updatesCatalogPath, updatesFolder } from '../data/catalog/ensure.js';
import { abandonedWork, workPath } from '../util/work-files.js';

/** Suffix of the folder an update keeps what it replaces in, beside the updates folder (see workPath), while it writes. */
export const REPLACED_STAGE = 'replaced';
/** Suffix of that folder once the update failed, while what it holds is put back: all of it is, whatever else holds then. */
export const UNDOING_STAGE = 'undoing';

/** In the folder: a link to the updates' database as it was. */
const KEPT_DATABASE = 'updates.db';
/** In the folder, in place of KEPT_DATABASE: there was no updates' database. */
const NO_DATABASE = 'no-updates.db';
/** In the folder: there was no updates folder. */
const NO_FOLDER = 'no-updates';
/** Suffix of a mark in the folder, beside the documents it keeps: a pack that had none in the updates folder. */
const ADDED = '.added';

/**
 * What `icon-registry update` replaces of what is served, kept until the
 * update has served what it wrote, and put back if it fails: the updates'
 * database (a link to its file, which stays in place and served meanwhile)
 * and the document of each pack it writes in the updates folder (moved
 * aside). The folder is this process's own (`updates.{pid}.replaced` in the
 * data directory); one that a killed update left behind is finished by the
 * next update (see finishAbandonedUpdates). Moving costs no disk: what the
 * folder holds is what the updates folder held.
 */
export class UpdateUndo {
  private folder: string;
  private readonly updates: string;
  private readonly kept = new Set<string>();

  /** Keeps the updates' database as it is, before anything is written. */
  constructor(private readonly dataDir: string) {
    this.updates = updatesFolder(dataDir);
    this.folder = workPath(this.updates, REPLACED_STAGE);
    mkdirSync(this.folder);
    try {
      const database = updatesCatalogPath(dataDir);
      if (existsSync(database)) linkSync(database, join(this.folder, KEPT_DATABASE));
      else writeFileSync(join(this.folder, NO_DATABASE), '');
      if (!existsSync(this.updates)) {
        writeFileSync(join(this.folder, NO_FOLDER), '');
        mkdirSync(this.updates);
      }
    } catch (error) {
      rmSync(this.folder, { recursive: true, force: true });
      throw error;
    }
  }

  /** The file a pack's document is served from. */
  documentPath(pack: string): string {
    return join(this.updates, `${pack}.json`);
  }

  /** Writes a pack's document to the updates folder, whole or not at all, having kept the one it replaces. */
  write(pack: string, document: string): void {
    const path = this.documentPath(pack);
    // Only the first time: a second package of the same pack in one run replaces this run's own document.
    if (!this.kept.has(pack)) {
      if (existsSync(path)) renameSync(path, join(this.folder, `${pack}.json`));
      else writeFileSync(join(this.folder, `${pack}${ADDED}`), '');
      this.kept.add(pack);
    }
    const partial = `${path}.partial`;
    try {
      writeFileSync(partial, document);
      renameSync(partial, path);
    } catch (error) {
      // What a write that failed part way left (never anything else found there): the updates' database is built from `*.json` alone.
      if (lstatSync(partial, { throwIfNoEntry: false })?.isFile()) rmSync(partial, { force: true });
      throw error;
    }
  }

  /**
   * Puts back everything kept, once the update failed. The folder is renamed
   * first, so that if this process dies meanwhile, the next update puts back
   * the rest.
   */
  restore(): void {
    const undoing = this.folder.replace(new RegExp(`\\.${REPLACED_STAGE}$`), `.${UNDOING_STAGE}`);
    renameSync(this.folder, undoing);
    this.folder = undoing;
    putBack(this.dataDir, undoing);
  }

  /** Forgets what was kept, once what the update wrote is served. */
  discard(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }

  /** Where what is kept lies, for the message that says it could not be removed. */
  get where(): string {
    return this.folder;
  }
}

/**
 * Finishes what updates that were killed while they wrote left: each one's
 * folder of what it replaced is put back when the update had not put its
 * database in place, or was putting back already. When its database is in
 * place, that database was built from the documents the updates folder holds:
 * they stay, served, and the folder is removed.
 */
export function finishAbandonedUpdates(dataDir: string): void {
  const updates = updatesFolder(dataDir);
  // One named by this process's id was left by an earlier process that had the same id: this one has made none yet.
  const reused = [REPLACED_STAGE, UNDOING_STAGE].map((stage) => ({ path: workPath(updates, stage), stage })).filter(({ path }) => existsSync(path));
  for (const { path, stage } of [...abandonedWork(updates, [REPLACED_STAGE, UNDOING_STAGE]), ...reused]) {
    if (stage === UNDOING_STAGE || !databaseReplaced(dataDir, path)) putBack(dataDir, path);
    else rmSync(path, { recursive: true, force: true });
  }
}

/** Whether the updates' database in place is another than the one the folder kept. */
function databaseReplaced(dataDir: string, folder: string): boolean {
  const database = updatesCatalogPath(dataDir);
  const kept = join(folder, KEPT_DATABASE);
  if (existsSync(kept)) return !sameFile(kept, database);
  if (existsSync(join(folder, NO_DATABASE))) return existsSync(database);
  // Killed before it kept the database: before it wrote anything.
  return false;
}

/** The database first (what servers read), then the documents, then the folder of what was kept. */
function putBack(dataDir: string, folder: string): void {
  const database = updatesCatalogPath(dataDir);
  const updates = updatesFolder(dataDir);
  const kept = join(folder, KEPT_DATABASE);
  if (existsSync(kept)) {
    if (!sameFile(kept, database)) renameSync(kept, database);
  } else if (existsSync(join(folder, NO_DATABASE))) {
    rmSync(database, { force: true });
  }
  for (const name of readdirSync(folder)) {
    if (name.endsWith('.json')) renameSync(join(folder, name), join(updates, name));
    else if (name.endsWith(ADDED)) rmSync(join(updates, `${name.slice(0, -ADDED.length)}.json`), { force: true });
  }
  if (existsSync(join(folder, NO_FOLDER)) && existsSync(updates) && readdirSync(updates).length === 0) rmdirSync(updates);
  rmSync(folder, { recursive: true, force: true });
}

function sameFile(a: string, b: string): boolean {
  const first = statSync(a, { throwIfNoEntry: false });
  const second = statSync(b, { throwIfNoEntry: false });
  return first !== undefined && second !== undefined && first.ino === second.ino && first.dev === second.dev;
}

import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The database whose exclusive lock an update holds from its start to its end, in the data directory. */
export const UPDATE_LOCK_DATABASE = 'update.lock.db';
/** Beside it, the process id of the update holding it: only what a waiting update names, never what it decides by. */
export const UPDATE_LOCK_HOLDER = 'update.lock';

/** How often a waiting update tries the lock again. */
const POLL_MS = 200;

/** Why an update could not take the lock (not because another holds it): a data directory it cannot write, say. */
export class UpdateLockError extends Error {}

/**
 * Runs `update` once no other update of the same data directory runs: two at
 * once would each build the updates' database from what the other was still
 * writing, and log revisions served that the database did not serve. The lock
 * is SQLite's exclusive lock on a database of its own, which the system
 * releases when its process ends however it ends, so that a killed update
 * leaves no lock to clear, and a process id reused by another process or a
 * container's constant one cannot hold it. An update finding it held waits,
 * saying so once through `waiting` (with the holder's process id when it is
 * written yet).
 */
export async function oneUpdateAtATime<T>(dataDir: string, waiting: (pid: number | undefined) => void, update: () => Promise<T>): Promise<T> {
  const path = join(dataDir, UPDATE_LOCK_DATABASE);
  let lock: Database.Database;
  try {
    lock = new Database(path, { timeout: 0 });
  } catch (error) {
    throw new UpdateLockError(`cannot open ${path}: ${(error as Error).message}`);
  }
  try {
    let told = false;
    while (!taken(lock)) {
      if (!told) waiting(holderIn(dataDir));
      told = true;
      await sleep(POLL_MS);
    }
    const holder = join(dataDir, UPDATE_LOCK_HOLDER);
    writeFileSync(holder, `${process.pid}\n`);
    try {
      return await update();
    } finally {
      rmSync(holder, { force: true });
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

/** Takes the exclusive lock; false when another connection holds a lock on the database. */
function taken(lock: Database.Database): boolean {
  try {
    // Nothing is ever written: the journal kept in memory leaves no file beside the lock when its process is killed.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw new UpdateLockError(`cannot lock ${lock.name}: ${(error as Error).message}`);
  }
}

/** The process id the holder wrote, if it has. */
function holderIn(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, UPDATE_LOCK_HOLDER), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from '../util/work-files.js';

/** The file an update holds while it runs, in the data directory: its process id. */
export const UPDATE_LOCK_FILE = 'update.lock';

/** How often a waiting update looks whether the one beside it has ended. */
const POLL_MS = 200;
/** A lock file still without a process id this long after it was made was left by an update that died making it. */
const UNWRITTEN_LOCK_MS = 2_000;

/**
 * Runs `update` once no other update of the same data directory runs: two at
 * once would each build the updates' database from what the other was still
 * writing, and log revisions served that the database did not serve. The
 * lock is a file made only if it does not exist, holding the process id; an
 * update finding it waits while that process lives (saying so once through
 * `waiting`), and takes over a lock whose process died.
 */
export async function oneUpdateAtATime<T>(dataDir: string, waiting: (pid: number) => void, update: () => Promise<T>): Promise<T> {
  const path = join(dataDir, UPDATE_LOCK_FILE);
  let told = false;
  for (;;) {
    const holder = take(path);
    if (holder === undefined) break;
    // A lock without a process id is one being written, or one whose writer died before it wrote: gone after a while.
    if (holder === 0 ? Date.now() - mtimeOf(path) > UNWRITTEN_LOCK_MS : !isRunning(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (!told) waiting(holder);
    told = true;
    await sleep(POLL_MS);
  }
  try {
    return await update();
  } finally {
    if (holderOf(path) === process.pid) rmSync(path, { force: true });
  }
}

/** Takes the lock: undefined when taken, else the id of the process holding it (0 when its file cannot be read as one). */
function take(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return holderOf(path) ?? 0;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return undefined;
}

/** When the file was last written (0 when it is gone). */
function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Whether a process with this id exists (used to tell abandoned work files from live ones). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A file or directory this process writes beside `target` before renaming
 * it into place: `<target>.<pid>.<stage>`.
 */
export function workPath(target: string, stage: string): string {
  return `${target}.${process.pid}.${stage}`;
}

/** What SQLite adds to a database's name for the files beside it: a database being built and killed leaves its journal. */
const SQLITE_SIDE_FILE = /-(journal|wal|shm)$/;

/**
 * The work paths of `target` at one of `stages` left by processes that were
 * killed before they finished, with their stage, and the files SQLite keeps
 * beside such a path.
 */
export function abandonedWork(target: string, stages: readonly string[]): Array<{ path: string; stage: string }> {
  const prefix = `${basename(target)}.`;
  const found: Array<{ path: string; stage: string }> = [];
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix)) continue;
    const [pid, stage, ...rest] = name.slice(prefix.length).replace(SQLITE_SIDE_FILE, '').split('.');
    if (rest.length === 0 && /^\d+$/.test(pid ?? '') && stages.includes(stage ?? '') && !isRunning(Number(pid))) {
      found.push({ path: join(dirname(target), name), stage: stage as string });
    }
  }
  return found;
}

/** Removes the work paths of `target` left by processes that were killed before they finished. */
export function removeAbandonedWork(target: string, stages: readonly string[]): void {
  for (const { path } of abandonedWork(target, stages)) rmSync(path, { recursive: true, force: true });
}

/**
 * Removes, in `folder` and its folders one level down, the files and folders
 * whose names `pattern` reads as a process's work (its first group the
 * process id) of processes no longer running: written by a thread killed
 * mid-write, they would stay for good. A missing folder has none.
 */
export function removeWorkOfEndedProcesses(folder: string, pattern: RegExp): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(folder, name);
    const pid = pattern.exec(name)?.[1];
    if (pid !== undefined) {
      if (!isRunning(Number(pid))) rmSync(path, { recursive: true, force: true });
    } else if (!name.includes('.')) {
      removeWorkOfEndedProcesses(path, pattern);
    }
  }
}

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

/** Removes the work paths of `target` left by processes that were killed before they finished. */
export function removeAbandonedWork(target: string, stages: readonly string[]): void {
  const prefix = `${basename(target)}.`;
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix)) continue;
    const [pid, stage, ...rest] = name.slice(prefix.length).split('.');
    if (rest.length === 0 && /^\d+$/.test(pid ?? '') && stages.includes(stage ?? '') && !isRunning(Number(pid))) {
      rmSync(join(dirname(target), name), { recursive: true, force: true });
    }
  }
}

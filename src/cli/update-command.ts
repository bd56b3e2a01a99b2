import { fail } from './fail.js';
import type { UpdateOptions } from './options.js';
import { UpdateError, UpdateNotUndone, updatePacks } from './update.js';

/**
 * `icon-registry update`: background work beside a server that answers
 * requests, so it runs at the lowest priority, set before the command line
 * was loaded (see update-priority.ts).
 */
export async function updateCommand(options: UpdateOptions): Promise<number> {
  try {
    const waiting = (pid: number | undefined) =>
      process.stderr.write(`waiting for the update running beside this one${pid === undefined ? '' : ` (process ${pid})`} to end\n`);
    for (const line of await updatePacks(options, waiting)) process.stderr.write(`${line}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UpdateError) return fail(`update failed, nothing changed: ${error.message}`, 1);
    if (error instanceof UpdateNotUndone) return fail(`update failed, and not all it replaced could be put back: ${error.message}`, 1);
    throw error;
  }
}

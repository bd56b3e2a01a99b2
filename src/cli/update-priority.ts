import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest CPU priority: a running server's answers come before an update's work. */
export const UPDATE_NICENESS = 19;

/**
 * Gives every thread of this process the CPU priority `niceness`; called
 * from the main thread. On Linux a priority belongs to a thread: set for the
 * calling thread alone, it leaves V8's helper threads, started with the
 * process, at the normal priority (they compile code and collect garbage
 * beside the main thread for the whole run), while threads started later
 * take the priority of the thread that starts them. The calling thread's is
 * set last, so that once it has the priority every thread has. Elsewhere the
 * process's priority is set.
 */
export function lowerPriority(niceness: number): void {
  if (process.platform === 'linux') {
    for (const thread of readdirSync('/proc/self/task')) {
      if (Number(thread) === process.pid) continue;
      try {
        setPriority(Number(thread), niceness);
      } catch {
        // A thread that ended since the folder was read.
      }
    }
  }
  setPriority(niceness);
}

// The command line imports this module before any other of its own, so that
// `update` loads the command line and its own modules at its priority too:
// loading them takes CPU, which a server answering beside it needs more.
if (process.argv[2] === 'update') lowerPriority(UPDATE_NICENESS);

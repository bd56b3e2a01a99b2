import { spawn } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { CLI, FAST_CATALOG_DATA, TEST_TMP } from './helpers/paths.js';

/*
 * `icon-registry update` runs beside a server that answers requests, at the
 * lowest CPU priority. On Linux a priority is a thread's: every thread of the
 * update must have it, V8's helper threads (started with the process) among
 * them, and from before the command line is loaded.
 */

const DATA = join(TEST_TMP, 'update-priority');

/** Clock ticks a second, in which /proc counts CPU time (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ThreadState {
  niceness: number;
  /** CPU time used so far, user and system. */
  cpuMs: number;
}

/** Each thread of a process by thread id: its niceness and the CPU it used (none once it has exited). */
function threadsOf(pid: number): Map<string, ThreadState> {
  const threads = new Map<string, ThreadState>();
  let ids: string[] = [];
  try {
    ids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const id of ids) {
    try {
      // After the command's name in parentheses: state is the first field, user and system time the twelfth and thirteenth, niceness the seventeenth.
      const fields = readFileSync(`/proc/${pid}/task/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      threads.set(id, { niceness: Number(fields[16]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
    } catch {
      // A thread that ended since the folder was read.
    }
  }
  return threads;
}

describe.runIf(process.platform === 'linux')('update: the lowest CPU priority for every thread', () => {
  it('runs every thread of `icon-registry update` at niceness 19, its main thread from before it loads the command line', async () => {
    rmSync(DATA, { recursive: true, force: true });
    mkdirSync(DATA, { recursive: true });
    linkSync(join(FAST_CATALOG_DATA, 'catalog.db'), join(DATA, 'catalog.db'));
    const child = spawn(process.execPath, [CLI, 'update', '--data', DATA, '--from', lucideTarball('1.2.100')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    let running = true;
    void exited.then(() => (running = false));
    const pid = child.pid as number;
    /** Samples taken once the main thread had the lowest priority: the niceness of every thread then. */
    const lowered: Array<Map<string, ThreadState>> = [];
    /** The most CPU the main thread was seen to have used while still at the normal priority. */
    let normalCpuMs = 0;
    while (running) {
      const threads = threadsOf(pid);
      const main = threads.get(String(pid));
      if (main?.niceness === 19) lowered.push(threads);
      else if (main) normalCpuMs = Math.max(normalCpuMs, main.cpuMs);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await exited, stderr).toBe(0);
    console.log(`the main thread used ${normalCpuMs} ms of CPU at the normal priority at most; ${lowered.length} samples of every thread at the lowest`);
    // Lowered before the command line and the update's modules were loaded, which take several times the CPU of Node's own start.
    expect(normalCpuMs).toBeLessThan(300);
    // Sampled while the process ran with its helper threads, and every one of them at the lowest priority each time.
    expect(lowered.length).toBeGreaterThan(3);
    expect(Math.max(...lowered.map((threads) => threads.size))).toBeGreaterThan(2);
    for (const threads of lowered) expect([...new Set([...threads.values()].map(({ niceness }) => niceness))]).toEqual([19]);
  });
});

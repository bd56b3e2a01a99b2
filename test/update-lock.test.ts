import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_FILE } from '../src/data/catalog/ensure.js';
import { historyPath } from '../src/data/history/history-file.js';
import { RevisionHistory } from '../src/data/history/revision-history.js';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { FAST_CATALOG_DATA, ROOT, TEST_TMP } from './helpers/paths.js';
import { UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * Two `icon-registry update` runs on one data directory, through the real
 * command line on the small catalog with @iconify-json/lucide 1.2.100 and
 * 1.2.137 (their tarballs from the npm registry): the second waits while the
 * first runs (the first is stopped with SIGSTOP while it holds the lock, so
 * that the wait is seen, not raced), says so once, and runs once the first
 * has ended. The lock is SQLite's, which ends with its process: an update
 * waiting on one that is killed runs at once, and a file naming a live
 * process that holds no lock holds up nothing.
 */

const DATA = join(TEST_TMP, 'update-lock');
const LOCK = join(DATA, 'update.lock');

function freshDataDir(): void {
  rmSync(DATA, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  linkSync(join(FAST_CATALOG_DATA, CATALOG_FILE), join(DATA, CATALOG_FILE));
}

interface Update {
  child: ChildProcess;
  stderr: () => string;
  ended: Promise<number | null>;
}

/** Runs `icon-registry update` at the normal priority (see UPDATE_COMMAND_LINE). */
function update(version: string): Update {
  const child = spawn(process.execPath, [UPDATE_COMMAND_LINE, 'update', '--data', DATA, '--from', lucideTarball(version)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr, ended: new Promise((resolve) => child.once('close', (status) => resolve(status))) };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not seen within 60 s: ${what}`);
    await sleep(50);
  }
}

const lockHolder = () => (existsSync(LOCK) ? readFileSync(LOCK, 'utf8').trim() : '');

function servedVersion(): string | undefined {
  const history = new RevisionHistory(historyPath(DATA));
  try {
    return history.served('lucide')?.version;
  } finally {
    history.close();
  }
}

afterAll(() => rmSync(DATA, { recursive: true, force: true }));

describe('updates of one data directory', () => {
  it('run one at a time: the second waits while the first runs, says so once, and serves its revision after the first', async () => {
    freshDataDir();
    const first = update('1.2.100');
    const firstPid = String(first.child.pid);
    try {
      await until(() => lockHolder() === firstPid, 'the first update holding the lock');
      first.child.kill('SIGSTOP');
      const second = update('1.2.137');
      await until(() => second.stderr().includes('waiting for the update running beside this one'), 'the second update saying it waits');
      expect(second.stderr()).toContain(`(process ${firstPid}) to end`);
      // Stopped, the first holds the lock: the second has not run.
      await sleep(1_000);
      expect(second.child.exitCode).toBeNull();
      expect(lockHolder()).toBe(firstPid);
      expect(existsSync(join(DATA, 'updates.db'))).toBe(false);
      first.child.kill('SIGCONT');
      expect(await first.ended, first.stderr()).toBe(0);
      expect(await second.ended, second.stderr()).toBe(0);
      expect(second.stderr().match(/waiting for the update/g)).toHaveLength(1);
      expect(servedVersion()).toBe('1.2.137');
      expect(existsSync(LOCK)).toBe(false);
    } finally {
      first.child.kill('SIGCONT');
    }
  }, 120_000);

  it('runs at once when the update that held the lock was killed, or when a file names a live process that holds none', async () => {
    freshDataDir();
    // A holder as a killed update leaves it: SQLite's exclusive lock taken, its process id written, then SIGKILL.
    const holderScript = `const Database = require('better-sqlite3'); const db = new Database(${JSON.stringify(join(DATA, 'update.lock.db'))}); db.exec('BEGIN EXCLUSIVE'); require('node:fs').writeFileSync(${JSON.stringify(LOCK)}, process.pid + '\\n'); setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['-e', holderScript], { cwd: ROOT, stdio: 'ignore' });
    await until(() => lockHolder() === String(holder.pid), 'the holder taking the lock');
    const blocked = update('1.2.100');
    await until(
      () => blocked.stderr().includes(`waiting for the update running beside this one (process ${holder.pid}) to end`),
      'an update waiting for the holder',
    );
    holder.kill('SIGKILL');
    expect(await blocked.ended, blocked.stderr()).toBe(0);
    expect(servedVersion()).toBe('1.2.100');
    expect(existsSync(LOCK)).toBe(false);
    // A file naming a live process (this one) that holds no lock, as a restarted container's constant process id would.
    writeFileSync(LOCK, `${process.pid}\n`);
    const run = update('1.2.137');
    expect(await run.ended, run.stderr()).toBe(0);
    expect(run.stderr()).not.toContain('waiting for the update');
    expect(servedVersion()).toBe('1.2.137');
  }, 120_000);
});

import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatesCatalogIsCurrent } from '../src/data/catalog/ensure.js';
import { CATALOG_FORMAT } from '../src/data/catalog/fingerprint.js';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { markBuiltByAnOlderFormat } from './helpers/older-format.js';
import { documentsNow, versionIn } from './helpers/documents-now.js';
import { TEST_TMP } from './helpers/paths.js';
import { startTestServer } from './helpers/server.js';
import { runUpdate, UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * A newer icon-registry over a data directory that an older one updated:
 * the updates' database was built by another catalog format, which this
 * version must not read as its own. `serve` (through the build it runs at
 * its start) and `update` build it again from the updates folder before
 * they read it, each pack at the revision it served. Through the real
 * command line, on the test catalog, with @iconify-json/lucide 1.2.100 and
 * 1.2.137.
 */

const DATA = join(TEST_TMP, 'stale-updates');
const UPDATES_DB = join(DATA, 'updates.db');

/** Makes the updates' database one of an older catalog format: another format and fingerprint, and a table this version reads, renamed. */
function madeByAnOlderFormat(): void {
  markBuiltByAnOlderFormat(UPDATES_DB, true);
}

/** The updates' database's format and whether it has the table this version reads. */
function formatOfUpdates(): { format: string | undefined; entries: boolean } {
  const db = new Database(UPDATES_DB, { readonly: true });
  try {
    const format = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'format'").get()?.value;
    const entries = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'entries'").get() !== undefined;
    return { format, entries };
  } finally {
    db.close();
  }
}

/** lucide's pack document, as a registry opened now on the data directory answers it. */
async function lucideDocument(): Promise<string> {
  return (await documentsNow(DATA, ['/r/lucide.json']))['/r/lucide.json'] as string;
}

beforeAll(async () => {
  expect(dataDirWithDefaultCatalog('stale-updates')).toBe(DATA);
  const updated = await runUpdate(UPDATE_COMMAND_LINE, DATA, ['--from', lucideTarball('1.2.137')]);
  expect(updated.status, updated.stderr).toBe(0);
}, 60_000);

afterAll(() => rmSync(DATA, { recursive: true, force: true }));

describe('an updates database built by an older catalog format', () => {
  it('is built again by `serve` at its start, from the updates folder, and serves each pack as it was served', async () => {
    const served = await lucideDocument();
    expect(versionIn(served)).toBe('1.2.137');
    madeByAnOlderFormat();
    expect(formatOfUpdates()).toEqual({ format: String(CATALOG_FORMAT - 1), entries: false });
    const server = await startTestServer({ dataDir: DATA, packsDir: null });
    try {
      expect(server.stderr()).toContain(`(${UPDATES_DB})`);
      expect(formatOfUpdates()).toEqual({ format: String(CATALOG_FORMAT), entries: true });
      const answer = await fetch(`${server.base}/r/lucide.json`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(served);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('is built again by `update` before it reads the catalog as served, and the update is made', async () => {
    madeByAnOlderFormat();
    const updated = await runUpdate(UPDATE_COMMAND_LINE, DATA, ['--from', lucideTarball('1.2.100')]);
    expect(updated.status, updated.stderr).toBe(0);
    expect(updated.stderr).toContain('lucide: serving 1.2.100');
    expect(formatOfUpdates()).toEqual({ format: String(CATALOG_FORMAT), entries: true });
    expect(versionIn(await lucideDocument())).toBe('1.2.100');
  }, 120_000);

  it('is built again by `build`, what a start runs, once an update running beside it has ended, which it waits for', async () => {
    madeByAnOlderFormat();
    // Held here as an update that is writing the updates folder holds it, its process id beside it.
    const lock = new Database(join(DATA, 'update.lock.db'), { timeout: 0 });
    lock.pragma('journal_mode = MEMORY');
    lock.exec('BEGIN EXCLUSIVE');
    writeFileSync(join(DATA, 'update.lock'), `${process.pid}\n`);
    const build = spawn(process.execPath, [UPDATE_COMMAND_LINE, 'build', '--data', DATA], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const waiting = new Promise<void>((resolve) =>
      build.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.endsWith('\n')) resolve();
      }),
    );
    const ended = new Promise<number | null>((resolve) => build.once('close', resolve));
    try {
      await Promise.race([waiting, ended]);
      expect(stderr).toBe(`waiting for the update that is running (process ${process.pid}) to end\n`);
      expect(formatOfUpdates()).toEqual({ format: String(CATALOG_FORMAT - 1), entries: false });
    } finally {
      rmSync(join(DATA, 'update.lock'), { force: true });
      lock.exec('ROLLBACK');
      lock.close();
    }
    expect(await ended, stderr).toBe(0);
    expect(stderr).toContain(`(${UPDATES_DB})`);
    expect(formatOfUpdates()).toEqual({ format: String(CATALOG_FORMAT), entries: true });
    expect(versionIn(await lucideDocument())).toBe('1.2.100');
  }, 120_000);

  it('leaves a current one as it is, however the data directory is spelt: a start builds nothing', async () => {
    // The update wrote it through an absolute path; a command given a relative one finds the same folder current.
    expect(updatesCatalogIsCurrent(DATA)).toBe(true);
    expect(updatesCatalogIsCurrent(relative(process.cwd(), DATA))).toBe(true);
    const server = await startTestServer({ dataDir: DATA, packsDir: null });
    try {
      expect(server.stderr()).not.toContain('updates.db');
      expect(versionIn(await (await fetch(`${server.base}/r/lucide.json`)).text())).toBe('1.2.100');
    } finally {
      await server.close();
    }
  }, 120_000);
});

import { spawn, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lucideTarball } from './helpers/npm-fixtures.js';
import { FAST_CATALOG_DATA, TEST_TMP } from './helpers/paths.js';
import { UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * `icon-registry update` stages each package's prepared document on disk
 * (`updates.{pid}.staging` in the data directory) until every package is
 * read and checked: through the real command line, on the small catalog,
 * with @iconify-json/lucide 1.2.100 and 1.2.137 (their tarballs from the npm
 * registry) and broken packages made from them here.
 */

const OLD = '1.2.100';
const NEW = '1.2.137';
const DATA = join(TEST_TMP, 'fast-update-staging');
const SCRATCH = join(TEST_TMP, 'fast-update-staging-packages');
const TRUNCATED = join(SCRATCH, 'truncated.tgz');
/** Lucide 1.2.100 with trash drawn otherwise: the version the history keeps, with other content. */
const ALTERED_OLD = join(SCRATCH, 'altered.tgz');

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs `icon-registry update` on DATA (at the normal priority: see UPDATE_COMMAND_LINE); `started` is told the process once it runs. */
function update(args: string[], started: (pid: number) => void = () => undefined): Promise<Run> {
  const child = spawn(process.execPath, [UPDATE_COMMAND_LINE, 'update', '--data', DATA, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  started(child.pid as number);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status, signal) => resolve({ status, signal, stderr })));
}

/** Every table of the history (see src/data/history/schema.ts). */
const HISTORY_TABLES = ['meta', 'revisions', 'blobs', 'changes', 'served', 'served_log'];

const stagingFolders = () => readdirSync(DATA).filter((name) => /^updates\.\d+\.staging$/.test(name));

/**
 * What an update may change, read without the registry's code: the data
 * directory's files, the bytes of each updated pack's document, the updates'
 * database as a file, and every row of the history.
 */
function state() {
  const history = new Database(join(DATA, 'history.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = (table: string) => history.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
    const { ino, size, mtimeMs } = statSync(join(DATA, 'updates.db'));
    return {
      // The history's rows are compared below; its journal files come and go with whoever opens it, this function included.
      files: readdirSync(DATA)
        .filter((name) => !/^history\.db-(wal|shm)$/.test(name))
        .sort(),
      updates: readdirSync(join(DATA, 'updates')).map((name) => [name, readFileSync(join(DATA, 'updates', name), 'utf8')]),
      updatesDb: { ino, size, mtimeMs },
      history: Object.fromEntries(HISTORY_TABLES.map((table) => [table, rows(table)])),
    };
  } finally {
    history.close();
  }
}

beforeAll(async () => {
  rmSync(DATA, { recursive: true, force: true });
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  mkdirSync(SCRATCH, { recursive: true });
  linkSync(join(FAST_CATALOG_DATA, 'catalog.db'), join(DATA, 'catalog.db'));
  // A first update, so that there is a history, an updates folder and a database that must stay as they are; the broken packages are made meanwhile.
  const first = update(['--from', lucideTarball(OLD)]);
  writeFileSync(TRUNCATED, readFileSync(lucideTarball(NEW)).subarray(0, 40_000));
  const unpacked = join(SCRATCH, 'unpacked');
  mkdirSync(unpacked);
  expect(spawnSync('tar', ['xzf', lucideTarball(OLD), '-C', unpacked]).status).toBe(0);
  const iconsFile = join(unpacked, 'package', 'icons.json');
  const icons = JSON.parse(readFileSync(iconsFile, 'utf8')) as { icons: Record<string, { body: string }> };
  (icons.icons.trash as { body: string }).body = '<path fill="currentColor" d="M4 4h16v16H4z"/>';
  writeFileSync(iconsFile, JSON.stringify(icons));
  expect(spawnSync('tar', ['czf', ALTERED_OLD, '-C', unpacked, 'package']).status).toBe(0);
  const firstRun = await first;
  expect(firstRun.status, firstRun.stderr).toBe(0);
}, 60_000);

afterAll(() => {
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe('update: staged documents', () => {
  it('changes nothing when a good package is followed by a broken one, and leaves no staging folder', async () => {
    const before = state();
    const run = await update(['--from', `${lucideTarball(NEW)},${TRUNCATED}`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^icon-registry: update failed, nothing changed: .*truncated\.tgz is not a package tarball that can be read: /);
    expect(state()).toEqual(before);
    expect(stagingFolders()).toEqual([]);
  });

  it('changes nothing when a new package is followed by a kept version with other content, and says so', async () => {
    // The history keeps OLD alone here: NEW would be a new revision.
    const before = state();
    const run = await update(['--from', `${lucideTarball(NEW)},${ALTERED_OLD}`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`icon-registry: update failed, nothing changed: lucide@${OLD} is kept already, with other content\n`);
    expect(state()).toEqual(before);
    expect(stagingFolders()).toEqual([]);
  });

  it('removes the staging folder a killed update left, keeps a running one’s, and leaves none of its own', async () => {
    const before = state();
    let pid = 0;
    // Killed once it has staged its first document, while it still reads the others: before it writes anything.
    let ended = false;
    const killed = update(['--from', [NEW, OLD, NEW, OLD].map(lucideTarball).join(',')], (started) => (pid = started)).finally(() => (ended = true));
    const folder = join(DATA, `updates.${pid}.staging`);
    while (!ended && readdirSyncOrEmpty(folder).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    if (!ended) process.kill(pid, 'SIGKILL');
    expect((await killed).signal, 'killed before it ended').toBe('SIGKILL');
    expect(readdirSync(folder)).toContain('1-lucide.json');
    // Its lock ended with it; the file naming its process stays until the next update replaces it.
    expect(state()).toEqual({ ...before, files: [...before.files, 'update.lock', `updates.${pid}.staging`].sort() });

    // A folder whose process still runs (this one) belongs to an update under way.
    const running = join(DATA, `updates.${process.pid}.staging`);
    mkdirSync(running);
    writeFileSync(join(running, '1-lucide.json'), '{}');
    try {
      const next = await update(['--from', lucideTarball(NEW)]);
      expect(next.status, next.stderr).toBe(0);
      expect(next.stderr).toBe(`lucide: serving ${NEW} (@iconify-json/lucide@${NEW} (${lucideTarball(NEW)}))\n`);
      expect(stagingFolders()).toEqual([`updates.${process.pid}.staging`]);
      expect(readdirSync(running)).toEqual(['1-lucide.json']);
    } finally {
      rmSync(running, { recursive: true, force: true });
    }
  });
});

function readdirSyncOrEmpty(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RevisionHistory } from '../src/data/history/revision-history.js';
import { documentsNow, versionIn } from './helpers/documents-now.js';
import { lucideSet, lucideTarball } from './helpers/npm-fixtures.js';
import { markBuiltByAnOlderFormat } from './helpers/older-format.js';
import { FAST_CATALOG_DATA, TEST_TMP } from './helpers/paths.js';
import { DEFAULT_JSON_DIR } from './helpers/sources.js';
import { UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * `icon-registry update` fails after every package is read and checked
 * (a document it cannot write, a database it cannot build, a kill while it
 * builds): through the real command line, on the small catalog, with
 * @iconify-json/lucide 1.2.100 and 1.2.137 (their tarballs from the npm
 * registry) and packages of mdi made here from the catalog's own mdi.json.
 * What is served from (the updates folder and its database) must be as it
 * was, byte for byte, and a registry opened on the data directory must
 * answer as before.
 */

const OLD = '1.2.100';
const NEW = '1.2.137';
const MDI = '7.4.47';
const MDI_NEXT = '7.4.48';
const DATA = join(TEST_TMP, 'fast-update-undo');
/** A data directory with the catalog alone: its first update fails. */
const FRESH = join(TEST_TMP, 'fast-update-undo-fresh');
const SCRATCH = join(TEST_TMP, 'fast-update-undo-packages');
const mdiTarball = (version: string) => join(SCRATCH, `mdi-${version}.tgz`);

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs `icon-registry update` (at the normal priority: see UPDATE_COMMAND_LINE); `started` is told the process as soon as it is spawned. */
function update(dataDir: string, args: string[], started: (pid: number) => void = () => undefined): Promise<Run> {
  const child = spawn(process.execPath, [UPDATE_COMMAND_LINE, 'update', '--data', dataDir, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  started(child.pid as number);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status, signal) => resolve({ status, signal, stderr })));
}

/** A file's content and what the updates' database build reads of it (its size and time) and what a server's watch reads (its inode). */
function fileState(path: string) {
  const { ino, mtimeMs, size } = statSync(path);
  return { ino, mtimeMs, size, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') };
}

/** What is served from, read without the registry's code: the data directory's names, each entry of the updates folder, the updates' database. */
function servedFiles(dataDir: string) {
  const updates = join(dataDir, 'updates');
  const database = join(dataDir, 'updates.db');
  return {
    // The history's journal files come and go with whoever opens it.
    names: readdirSync(dataDir)
      .filter((name) => !/^history\.db-(wal|shm)$/.test(name))
      .sort(),
    updates: existsSync(updates)
      ? Object.fromEntries(
          readdirSync(updates)
            .sort()
            .map((name) => [name, lstatSync(join(updates, name)).isDirectory() ? 'a folder' : fileState(join(updates, name))]),
        )
      : undefined,
    database: existsSync(database) ? fileState(database) : undefined,
  };
}

/** Rows of the history's tables, read without the registry's code. */
function historyRows(table: 'revisions' | 'served' | 'served_log') {
  const history = new Database(join(DATA, 'history.db'), { readonly: true, fileMustExist: true });
  try {
    const columns = table === 'revisions' ? 'pack, seq, version' : '*';
    return history.prepare(`SELECT ${columns} FROM ${table} ORDER BY 1, 2`).all();
  } finally {
    history.close();
  }
}

/** The pack documents of lucide and mdi, as a registry opened now on the data directory answers them (as a server started now would). */
const answers = () => documentsNow(DATA, ['/r/lucide.json', '/r/mdi.json']);

const workFolders = (dataDir: string) => readdirSync(dataDir).filter((name) => /^updates\.\d+\.(staging|replaced|undoing)$/.test(name));

/** An @iconify-json/mdi package holding the catalog's own mdi.json, at `version`. */
function packMdi(version: string): void {
  const unpacked = join(SCRATCH, `mdi-${version}`, 'package');
  mkdirSync(unpacked, { recursive: true });
  writeFileSync(join(unpacked, 'package.json'), JSON.stringify({ name: '@iconify-json/mdi', version }));
  writeFileSync(join(unpacked, 'icons.json'), readFileSync(join(DEFAULT_JSON_DIR, 'mdi.json')));
  expect(spawnSync('tar', ['czf', mdiTarball(version), '-C', join(SCRATCH, `mdi-${version}`), 'package']).status).toBe(0);
}

beforeAll(async () => {
  for (const dir of [DATA, FRESH, SCRATCH]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  linkSync(join(FAST_CATALOG_DATA, 'catalog.db'), join(DATA, 'catalog.db'));
  linkSync(join(FAST_CATALOG_DATA, 'catalog.db'), join(FRESH, 'catalog.db'));
  // A first update, so that there is an updates folder and a database that must stay as they are; the packages of mdi are made meanwhile.
  const first = update(DATA, ['--from', lucideTarball(OLD)]);
  packMdi(MDI);
  packMdi(MDI_NEXT);
  const firstRun = await first;
  expect(firstRun.status, firstRun.stderr).toBe(0);
}, 60_000);

afterAll(() => {
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe('update: a failure after every package is checked', () => {
  it('changes nothing served when it cannot write the second pack’s document, and says why', async () => {
    const obstacle = join(DATA, 'updates', 'mdi.json.partial');
    mkdirSync(obstacle);
    const before = { files: servedFiles(DATA), answers: await answers(), served: historyRows('served'), log: historyRows('served_log') };
    expect(versionIn(before.answers['/r/lucide.json'])).toBe(OLD);
    const run = await update(DATA, ['--from', `${lucideTarball(NEW)},${mdiTarball(MDI)}`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `icon-registry: update failed, nothing changed: could not write ${DATA}/updates/mdi.json: ` +
        `EISDIR: illegal operation on a directory, open '${obstacle}'\n`,
    );
    expect(servedFiles(DATA)).toEqual(before.files);
    expect(workFolders(DATA)).toEqual([]);
    expect(await answers()).toEqual(before.answers);
    // The revisions it recorded stay kept, and what is served is logged as it was.
    expect(historyRows('served')).toEqual(before.served);
    expect(historyRows('served_log')).toEqual(before.log);
    expect(historyRows('revisions')).toEqual([
      { pack: 'lucide', seq: 1, version: OLD },
      { pack: 'lucide', seq: 2, version: NEW },
      { pack: 'mdi', seq: 1, version: MDI },
    ]);
    rmSync(obstacle, { recursive: true });
  }, 60_000);

  it('changes nothing served when it cannot build the updates’ database, and serves the same update once it can', async () => {
    const before = { files: servedFiles(DATA), answers: await answers(), log: historyRows('served_log') };
    let obstacle = '';
    // Made as soon as the update is spawned, long before it builds: the name carries its process id.
    const run = await update(DATA, ['--from', `${lucideTarball(NEW)},${mdiTarball(MDI)}`], (pid) => {
      obstacle = join(DATA, `updates.db.${pid}.building`);
      mkdirSync(obstacle);
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `icon-registry: update failed, nothing changed: could not build ${DATA}/updates.db: Path is a directory: rm returned EISDIR (is a directory) ${obstacle}\n`,
    );
    rmSync(obstacle, { recursive: true });
    expect(servedFiles(DATA)).toEqual(before.files);
    expect(workFolders(DATA)).toEqual([]);
    expect(await answers()).toEqual(before.answers);
    expect(historyRows('served_log')).toEqual(before.log);

    const again = await update(DATA, ['--from', `${lucideTarball(NEW)},${mdiTarball(MDI)}`]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toBe(
      `lucide: serving ${NEW} (@iconify-json/lucide@${NEW} (${lucideTarball(NEW)}))\n` +
        `mdi: serving ${MDI} (@iconify-json/mdi@${MDI} (${mdiTarball(MDI)}))\n`,
    );
    const served = await answers();
    expect(versionIn(served['/r/lucide.json'])).toBe(NEW);
    expect(versionIn(served['/r/mdi.json'])).toBe(MDI);
    expect(readdirSync(join(DATA, 'updates')).sort()).toEqual(['lucide.json', 'mdi.json']);
    expect(workFolders(DATA)).toEqual([]);
  }, 120_000);

  it('puts the database back when logging what it serves fails once the new one is in place', async () => {
    const before = { files: servedFiles(DATA), answers: await answers(), log: historyRows('served_log') };
    // The history's own refusal, at the one write that follows the database's rename.
    const refuse = (sql: string) => {
      const history = new Database(join(DATA, 'history.db'));
      try {
        history.exec(sql);
      } finally {
        history.close();
      }
    };
    refuse(`CREATE TRIGGER refuse_served_log BEFORE INSERT ON served_log BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    try {
      const run = await update(DATA, [`lucide@${OLD}`]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`icon-registry: update failed, nothing changed: could not log the revisions served in ${DATA}/history.db: refused\n`);
    } finally {
      refuse('DROP TRIGGER refuse_served_log');
    }
    // The same file as before, not one like it: a server's watch sees nothing to reload.
    expect(servedFiles(DATA)).toEqual(before.files);
    expect(workFolders(DATA)).toEqual([]);
    expect(await answers()).toEqual(before.answers);
    expect(historyRows('served_log')).toEqual(before.log);

    const again = await update(DATA, [`lucide@${OLD}`]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toBe(`lucide: serving ${OLD} (kept)\n`);
    expect(versionIn((await answers())['/r/lucide.json'])).toBe(OLD);
  }, 120_000);

  it('puts back what an update killed while it built had written, at the next update', async () => {
    const before = { files: servedFiles(DATA), answers: await answers() };
    let pid = 0;
    let ended = false;
    const killed = update(DATA, ['--from', `${lucideTarball(NEW)},${mdiTarball(MDI_NEXT)}`], (started) => (pid = started)).finally(() => (ended = true));
    // Killed once its database is being built: every document is written, the database not yet in place.
    while (!ended && !existsSync(join(DATA, `updates.db.${pid}.building`))) await new Promise((resolve) => setTimeout(resolve, 5));
    if (!ended) process.kill(pid, 'SIGKILL');
    expect((await killed).signal, 'killed before it ended').toBe('SIGKILL');
    const left = servedFiles(DATA);
    expect(left.database).toEqual(before.files.database);
    expect(left.updates?.['mdi.json']).not.toEqual(before.files.updates?.['mdi.json']);
    // Beside the folder of what it staged, which the next update removes.
    expect(workFolders(DATA).sort()).toEqual([`updates.${pid}.replaced`, `updates.${pid}.staging`]);

    // Without the documents put back, this build would serve the killed update's mdi.
    const next = await update(DATA, [`lucide@${OLD}`]);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toBe(`lucide: serving ${OLD} (kept)\n`);
    const after = servedFiles(DATA);
    expect(after.names).toEqual(before.files.names);
    expect(after.updates?.['mdi.json']).toEqual(before.files.updates?.['mdi.json']);
    expect(workFolders(DATA)).toEqual([]);
    expect(await answers()).toEqual(before.answers);
  }, 120_000);

  /**
   * Serves lucide at `to` with an update killed once its database is in place, before it logs it: the history's write
   * lock is held here from the database's build on, so that the update's one write after the rename waits, and it is
   * killed there. Returns the moment after the kill.
   */
  async function killedOnceInPlace(from: string, to: string): Promise<number> {
    expect(versionIn((await answers())['/r/lucide.json'])).toBe(from);
    const database = join(DATA, 'updates.db');
    const before = statSync(database).ino;
    let pid = 0;
    let ended = false;
    const killed = update(DATA, [`lucide@${to}`], (started) => (pid = started)).finally(() => (ended = true));
    while (!ended && !existsSync(join(DATA, `updates.db.${pid}.building`))) await new Promise((resolve) => setTimeout(resolve, 5));
    const history = new Database(join(DATA, 'history.db'));
    history.exec('BEGIN IMMEDIATE');
    try {
      while (!ended && statSync(database).ino === before) await new Promise((resolve) => setTimeout(resolve, 5));
      if (!ended) process.kill(pid, 'SIGKILL');
      expect((await killed).signal, 'killed before it ended').toBe('SIGKILL');
    } finally {
      history.exec('ROLLBACK');
      history.close();
    }
    // Its database is in place and served; the history still names the revision before it as served.
    expect(versionIn((await answers())['/r/lucide.json'])).toBe(to);
    const read = new RevisionHistory(join(DATA, 'history.db'), true);
    try {
      expect(read.served('lucide')?.version).toBe(from);
    } finally {
      read.close();
    }
    return Date.now();
  }

  /** After the next update, of mdi to `mdi`: lucide served, and logged as served since before `killedAt`, at `version`. */
  async function loggedAfterwards(version: string, mdi: string, killedAt: number): Promise<void> {
    const served = await answers();
    expect(versionIn(served['/r/lucide.json'])).toBe(version);
    expect(JSON.parse(served['/r/lucide.json'] as string).icons).toEqual(lucideSet(version).icons);
    expect(versionIn(served['/r/mdi.json'])).toBe(mdi);
    expect(workFolders(DATA)).toEqual([]);
    const after = new RevisionHistory(join(DATA, 'history.db'), true);
    try {
      expect(after.served('lucide')?.version).toBe(version);
      const seq = after.revision('lucide', version)?.seq;
      expect(seq).toBeDefined();
      // Logged from when its database was built, before the kill.
      expect(after.servedAt(killedAt).get('lucide')).toBe(seq);
    } finally {
      after.close();
    }
  }

  it('logs as served, at the next update, what an update killed once its database was in place serves', async () => {
    const killedAt = await killedOnceInPlace(OLD, NEW);
    // The next update, of another pack, builds the database again: lucide must stay the revision its icons are.
    const next = await update(DATA, ['--from', mdiTarball(MDI_NEXT)]);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toBe(
      `lucide: ${NEW} logged as served, which an interrupted update had not\n` +
        `mdi: serving ${MDI_NEXT} (@iconify-json/mdi@${MDI_NEXT} (${mdiTarball(MDI_NEXT)}))\n`,
    );
    await loggedAfterwards(NEW, MDI_NEXT, killedAt);
  }, 120_000);

  it('logs it before it builds the database again when a version of another catalog format is what reads it next', async () => {
    const killedAt = await killedOnceInPlace(NEW, OLD);
    // An upgrade of icon-registry comes between: the database is of an older format, built again from every document.
    markBuiltByAnOlderFormat(join(DATA, 'updates.db'));
    const next = await update(DATA, [`mdi@${MDI}`]);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toBe(`lucide: ${OLD} logged as served, which an interrupted update had not\n` + `mdi: serving ${MDI} (kept)\n`);
    await loggedAfterwards(OLD, MDI, killedAt);
  }, 120_000);

  it('says, naming both files, that it cannot log what the updates’ database serves when the history does not keep that revision', async () => {
    // A history put back from an older copy, say: the database serves lucide at a version the history never kept.
    const db = new Database(join(DATA, 'updates.db'));
    try {
      const { entry } = db.prepare<[], { entry: string }>("SELECT entry FROM packs WHERE id = 'lucide'").get() as { entry: string };
      db.prepare("UPDATE packs SET entry = ? WHERE id = 'lucide'").run(JSON.stringify({ ...JSON.parse(entry), version: '1.2.999' }));
    } finally {
      db.close();
    }
    const next = await update(DATA, [`mdi@${MDI_NEXT}`]);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toBe(
      `lucide: ${join(DATA, 'updates.db')} serves 1.2.999, which ${join(DATA, 'history.db')} does not keep; the history goes on naming ${OLD} as served\n` +
        `mdi: serving ${MDI_NEXT} (kept)\n`,
    );
    // The database the update built serves lucide as the history says.
    expect(versionIn((await answers())['/r/lucide.json'])).toBe(OLD);
  }, 120_000);

  it('leaves no updates folder nor database when the first update fails', async () => {
    const before = servedFiles(FRESH);
    const run = await update(FRESH, ['--from', lucideTarball(NEW)], (pid) => mkdirSync(join(FRESH, `updates.db.${pid}.building`)));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^icon-registry: update failed, nothing changed: could not build .*updates\.db: Path is a directory: /);
    for (const name of readdirSync(FRESH)) if (name.startsWith('updates.db.')) rmSync(join(FRESH, name), { recursive: true });
    // The history, opened to record the package, and the database whose lock updates take are the files added.
    expect(servedFiles(FRESH)).toEqual({ ...before, names: ['catalog.db', 'history.db', 'update.lock.db'] });
  }, 60_000);
});

import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_DATA, CLI, FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';

const PARENT = join(TEST_TMP, 'export-targets');
/** A process id no process has (above Linux's pid_max): the work it names was abandoned. */
const DEAD_PID = 4_194_304 + 7;

function exportTo(target: string) {
  return spawnSync(process.execPath, [CLI, 'export', target, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--only-packs', 'svg-spinners'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** Everything in the parent folder, so a test sees that nothing was written beside its target. */
const listing = () => readdirSync(PARENT).sort();

function expectRefused(result: ReturnType<typeof exportTo>, message: RegExp) {
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines.at(-1)).toMatch(message);
  expect(result.stderr).not.toMatch(/\bat \S+ \(/);
}

beforeEach(() => {
  rmSync(PARENT, { recursive: true, force: true });
  mkdirSync(PARENT, { recursive: true });
});

describe('what export refuses before writing anything', () => {
  it('a path that is a file', () => {
    writeFileSync(join(PARENT, 'file'), 'keep me');
    expectRefused(exportTo(join(PARENT, 'file')), /^icon-registry: \S+file is a file, not a directory: refusing to replace it$/);
    expect(readFileSync(join(PARENT, 'file'), 'utf8')).toBe('keep me');
    expect(listing()).toEqual(['file']);
  });

  it('a dangling symlink', () => {
    symlinkSync(join(PARENT, 'nowhere'), join(PARENT, 'link'));
    expectRefused(exportTo(join(PARENT, 'link')), /is a symbolic link to nothing: refusing to replace it$/);
    expect(readlinkSync(join(PARENT, 'link'))).toBe(join(PARENT, 'nowhere'));
    expect(listing()).toEqual(['link']);
  });

  it('a directory whose manifest was not written by an export (even one that parses)', () => {
    mkdirSync(join(PARENT, 'site'));
    writeFileSync(join(PARENT, 'site', '.icon-registry-export.json'), '{}');
    writeFileSync(join(PARENT, 'site', 'index.html'), '<p>mine</p>');
    expectRefused(exportTo(join(PARENT, 'site')), /is not empty and holds no earlier export: refusing to replace it$/);
    expect(readdirSync(join(PARENT, 'site')).sort()).toEqual(['.icon-registry-export.json', 'index.html']);
  });

  it('an earlier export that holds a file the export did not write', () => {
    expect(exportTo(join(PARENT, 'out')).status).toBe(0);
    writeFileSync(join(PARENT, 'out', 'r', 'notes.txt'), 'mine');
    expectRefused(exportTo(join(PARENT, 'out')), /holds files the earlier export did not write \(r\/notes\.txt\): move them away first$/);
    expect(readFileSync(join(PARENT, 'out', 'r', 'notes.txt'), 'utf8')).toBe('mine');
    expect(listing()).toEqual(['out']);
  });
});

describe('what export replaces', () => {
  it('follows a symlink to an earlier export and keeps it a symlink', () => {
    mkdirSync(join(PARENT, 'releases'));
    expect(exportTo(join(PARENT, 'releases', '1')).status).toBe(0);
    symlinkSync(join(PARENT, 'releases', '1'), join(PARENT, 'current'));
    const result = exportTo(join(PARENT, 'current'));
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(join(PARENT, 'current')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(PARENT, 'current'))).toBe(join(PARENT, 'releases', '1'));
    expect(existsSync(join(PARENT, 'current', 'r', 'svg-spinners.json'))).toBe(true);
    expect(readdirSync(join(PARENT, 'releases'))).toEqual(['1']);
  });

  it('removes the work a killed export left beside any target in the folder, and nothing else', () => {
    const abandoned = join(PARENT, `other.${DEAD_PID}.exporting`);
    mkdirSync(join(abandoned, 'r'), { recursive: true });
    writeFileSync(join(abandoned, '.icon-registry-export-work'), '');
    // Killed between making its directory and marking it: empty, so nothing of anyone's is lost.
    mkdirSync(join(PARENT, `unmarked.${DEAD_PID}.exporting`));
    const notOurs = join(PARENT, `photos.${DEAD_PID}.exporting`);
    mkdirSync(notOurs);
    writeFileSync(join(notOurs, 'cat.jpg'), 'x');
    expect(exportTo(join(PARENT, 'out')).status).toBe(0);
    expect(listing()).toEqual(['out', `photos.${DEAD_PID}.exporting`]);
  });
});

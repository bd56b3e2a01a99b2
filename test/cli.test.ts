import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE, OWN_CATALOG_FILE, openCatalog } from '../src/data/catalog/ensure.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { BUILD_LOG, CATALOG_DATA, CATALOG_DB, CLI, FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';

function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('icon-registry command line', () => {
  it('prints help for itself and every command', () => {
    const printed = new Map<string, string>();
    for (const args of [['--help'], ['serve', '--help'], ['build', '--help'], ['import', '--help'], ['serve', '-h']]) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(0);
      expect(result.stdout).toMatch(/^Usage: icon-registry/);
      printed.set(args.join(' '), result.stdout);
    }
    expect(printed.get('serve --help')).toContain('--base-path');
  });

  it('rejects bad flags and commands with one line and exit code 2', () => {
    for (const args of [
      ['serve', '--bogus'],
      ['serve', '--port', 'http'],
      ['serve', '--port', '70000'],
      ['build', '--port', '1'],
      ['frobnicate'],
      ['serve', '--log-level', 'loud'],
      ['serve', '--workers', '0'],
      ['serve', '--cache-mb', 'lots'],
      ['serve', '--packs', '/no/such/dir'],
    ]) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).toMatch(/^icon-registry: /);
    }
  });

  it('exits 1 with one line when the port is taken', async () => {
    // Whatever listens there: the server is refused the address as it would be by another of its kind.
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = run(['serve', '--data', CATALOG_DATA, '--packs', FIXTURE_PACKS, '--port', String(port)]);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(`icon-registry: port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise((closed) => taken.close(closed));
    }
  });

  it('reported the build: progress, skipped files by name, warnings, one summary line per catalog', () => {
    const log = readFileSync(BUILD_LOG, 'utf8');
    expect(log).toMatch(/^building catalog: \d+\/\d+ packs, [\d,]+ icons, [\d,]+ icons\/s$/m);
    expect(log).toMatch(/^skipped \S+broken\.json: cannot read JSON: /m);
    expect(log).toMatch(/^skipped \S+not-iconify\.json: not an IconifyJSON object$/m);
    expect(log).toMatch(/^skipped \S+reserved-id\.json: pack id "registry" is reserved/m);
    expect(log).toMatch(/^skipped \S+zz-duplicate\.json: pack id "fixture-shapes" is already served from \S+fixture-shapes\.json$/m);
    expect(log).toMatch(/^warning \S+bytesize\.json: own pack "bytesize" replaces the default pack of the same id$/m);
    expect(log).toMatch(/^warning \S+fixture-repairs\.json: dropped alias "loop-a": missing parent or loop$/m);
    // The 243 default packs, then the own ones: bytesize (replacing the default pack), the fixture-* files and folders.
    const summaries = log.split('\n').filter((line) => line.startsWith('catalog built:'));
    expect(summaries).toHaveLength(2);
    expect(summaries[0]).toMatch(/^catalog built: 243 packs, [\d,]+ icons, [\d,]+ aliases in [\d.]+ s, \d+ MB \(\S+\/catalog\.db\)$/);
    const ownPacks = readdirSync(FIXTURE_PACKS).filter((name) => name === 'bytesize.json' || name.startsWith('fixture-')).length;
    expect(summaries[1]).toMatch(
      new RegExp(`^catalog built: ${ownPacks} packs, [\\d,]+ icons, [\\d,]+ aliases, 4 files skipped in [\\d.]+ s, \\d+ MB \\(\\S+/own\\.db\\)$`),
    );
  });

  it('reopens a current catalog without rebuilding it', () => {
    const before = statSync(CATALOG_DB).mtimeMs;
    const defaults = statSync(CATALOG_DB).ino;
    const own = statSync(join(CATALOG_DATA, OWN_CATALOG_FILE));
    const result = run(['build', '--data', CATALOG_DATA, '--packs', FIXTURE_PACKS]);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^catalog is current/);
    // Nothing was built: no progress, no file skipped or warned about, no summary; that line alone.
    expect(result.stderr).toBe(`catalog is current (${CATALOG_DATA})\n`);
    expect(statSync(CATALOG_DB).mtimeMs).toBe(before);
    // A rebuild renames a new file into place, so the same inodes mean neither database was written again.
    expect(statSync(CATALOG_DB).ino).toBe(defaults);
    expect(statSync(join(CATALOG_DATA, OWN_CATALOG_FILE))).toMatchObject({ ino: own.ino, mtimeMs: own.mtimeMs });
  });

  it('rebuilds when a source changes, swapping the new file in while readers of the old one keep reading', () => {
    const packs = join(TEST_TMP, 'rebuild-packs');
    const data = dataDirWithDefaultCatalog('rebuild-data');
    const defaultCatalog = statSync(join(data, CATALOG_FILE));
    mkdirSync(packs, { recursive: true });
    copyFileSync(join(FIXTURE_PACKS, 'bytesize.json'), join(packs, 'bytesize.json'));
    expect(run(['build', '--data', data, '--packs', packs]).stderr).toMatch(/^catalog built: 1 packs, .*own\.db\)$/m);
    const reader = openCatalog(data);
    expect(reader.icon('bytesize', 'replaced')).toBeDefined();

    const changed = JSON.parse(readFileSync(join(packs, 'bytesize.json'), 'utf8')) as { icons: Record<string, unknown> };
    changed.icons = { renamed: changed.icons.replaced };
    writeFileSync(join(packs, 'bytesize.json'), JSON.stringify(changed));
    utimesSync(join(packs, 'bytesize.json'), new Date(), new Date(Date.now() + 5000));
    expect(run(['build', '--data', data, '--packs', packs]).stderr).toMatch(/^catalog built: /m);

    // The reader opened before the rebuild still sees the old, complete catalog.
    expect(reader.icon('bytesize', 'replaced')).toBeDefined();
    reader.close();
    const fresh = openCatalog(data);
    expect(fresh.icon('bytesize', 'replaced')).toBeUndefined();
    expect(fresh.icon('bytesize', 'renamed')).toBeDefined();
    fresh.close();
    // A change of own packs never rebuilds the default catalog.
    expect(statSync(join(data, CATALOG_FILE)).mtimeMs).toBe(defaultCatalog.mtimeMs);
    expect(statSync(join(data, CATALOG_FILE)).ino).toBe(defaultCatalog.ino);
  });
});

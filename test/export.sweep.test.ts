import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparedPaths, pinnedIconDraw } from './helpers/export-sample.js';
import { mapLimit, rawGet, type RawResponse, sweepGet } from './helpers/http.js';
import { startNginx, type Nginx } from './helpers/nginx.js';
import { CATALOG_DATA, CLI, FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';
import { servedInProcess, type ServedInProcess } from './helpers/served-in-process.js';
import { CATALOG_REVISION, FULL_CATALOG } from './helpers/sources.js';

/*
 * The static export of a few packs (their pinned revisions too), served by
 * nginx with deploy/nginx.conf as the server serves them (the registry
 * `serve` opens, answered in process); re-exports link what did not change.
 * Every exported path is compared with the server's answer under `npm run
 * test:catalog`; under `npm test`, every one but the documents of pinned
 * icons, of which those of a seeded sample of icons (see export-sample.ts).
 */

const EXPORT = join(TEST_TMP, 'export');
/**
 * The catalog pack beside svg-spinners, which a re-export leaves out:
 * line-md whole under `npm run test:catalog`; under `npm test`, meteocons,
 * of animated icons too, which the sampled catalog cuts to a few dozen
 * (line-md's pinned revision alone is tens of thousands of files to write).
 */
const SECOND = FULL_CATALOG ? 'line-md' : 'meteocons';
/** Catalog packs, and two own packs (bytesize replaces the catalog's). */
const CATALOG_PACKS = [SECOND, 'svg-spinners'];
const PACKS = ['fixture-shapes', ...CATALOG_PACKS, 'bytesize'];
/** An icon of svg-spinners, which every export here holds and the sampled catalog keeps whole. */
const ICON = 'svg-spinners/90-ring';
/** Pinned icons whose documents `npm test` compares with the server's answers (see export-sample.ts); `npm run test:catalog` compares every one. */
const COMPARED_ICONS = 250;
const drawIcons = pinnedIconDraw('pinned files compared with the server');

function exportPacks(packs: string[]) {
  const result = spawnSync(process.execPath, [CLI, 'export', EXPORT, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--only-packs', packs.join(',')], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  expect(result.status, result.stderr).toBe(0);
  const summary = result.stderr.split('\n').find((line) => line.startsWith('exported '));
  const match = /^exported (\d+) packs: ([\d,]+) files \(([\d,]+) written, ([\d,]+) unchanged\)/.exec(summary ?? '');
  expect(match, result.stderr).not.toBeNull();
  const count = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''));
  return { packs: count(match?.[1]), files: count(match?.[2]), written: count(match?.[3]), unchanged: count(match?.[4]) };
}

/** Every exported document (identity files), as URL paths. */
function exportedPaths(): string[] {
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && !entry.name.startsWith('.')) paths.push(`/${relative(EXPORT, path)}`);
    }
  };
  walk(EXPORT);
  return paths.sort();
}

let served: ServedInProcess;
let nginx: Nginx;
let first: ReturnType<typeof exportPacks>;

beforeAll(async () => {
  // nginx starts while the packs are exported: it serves the export's folder once there is one.
  const starting = startNginx(EXPORT, join(TEST_TMP, 'nginx'));
  first = exportPacks(PACKS);
  served = await servedInProcess(['--data', CATALOG_DATA, '--packs', FIXTURE_PACKS]);
  nginx = await starting;
}, 600_000);

afterAll(async () => {
  await nginx?.stop();
  await served?.close();
});

const get = (port: number, path: string, encoding = 'identity'): Promise<RawResponse> => rawGet(port, path, `Accept-Encoding: ${encoding}\r\n`);

describe('icon-registry export served by nginx', () => {
  it('writes every document of the chosen packs, and the page, with .br and .gz siblings', () => {
    const paths = exportedPaths();
    const page = [
      'index.html',
      ...readdirSync(join(EXPORT, 'ui'))
        .filter((name) => !/\.(br|gz)$/.test(name))
        .map((name) => `ui/${name}`),
    ];
    expect(page).toHaveLength(3);
    expect(first.packs).toBe(PACKS.length);
    // Each zip is one file, a pack's and each pinned revision's: it has no compressed siblings. The own packs' revisions
    // are kept ones; the catalog's packs, which no update has touched, have the catalog's revision the server answers pinned.
    const zips = readdirSync(join(EXPORT, 'r')).filter((name) => name.endsWith('.zip'));
    expect(zips.filter((name) => !name.includes('@')).sort()).toEqual(PACKS.map((pack) => `${pack}.zip`).sort());
    expect([...new Set(zips.filter((name) => name.includes('@')).map((name) => name.split('@')[0]))].sort()).toEqual([...PACKS].sort());
    expect(zips.filter((name) => CATALOG_PACKS.some((pack) => name.startsWith(`${pack}@`))).sort()).toEqual(
      CATALOG_PACKS.map((pack) => `${pack}@${CATALOG_REVISION}.zip`).sort(),
    );
    expect(first.files).toBe((paths.length + page.length) * 3 + zips.length);
    for (const pack of PACKS) {
      expect(existsSync(join(EXPORT, 'r', `${pack}.zip`)), pack).toBe(true);
      expect(existsSync(join(EXPORT, 'r', `${pack}.zip.gz`)), pack).toBe(false);
    }
    for (const file of page) for (const suffix of ['.br', '.gz']) expect(existsSync(join(EXPORT, `${file}${suffix}`)), file).toBe(true);
    expect(paths).toContain('/r/registry.json');
    expect(paths).toContain(`/r/${ICON}.json`);
    for (const path of paths) {
      expect(existsSync(join(EXPORT, `${path}.br`)), path).toBe(true);
      expect(existsSync(join(EXPORT, `${path}.gz`)), path).toBe(true);
    }
  });

  it('gives, for every exported path, the body, status and content type the server sends', async () => {
    const paths = exportedPaths().filter((path) => path !== '/r/_not-found.json');
    // Over kept connections, a few paths at a time: both answer every path compared, asked without compression.
    const differences = await mapLimit(comparedPaths(paths, drawIcons, COMPARED_ICONS), 4, async (path) => {
      const [fromNginx, fromServer] = await Promise.all([sweepGet(`http://127.0.0.1:${nginx.port}${path}`), served.get(path)]);
      const differing: string[] = [];
      if (fromNginx.status !== fromServer.status) differing.push(`${path}: status ${fromNginx.status} != ${fromServer.status}`);
      if (fromNginx.headers['content-type'] !== fromServer.headers['content-type']) differing.push(`${path}: ${fromNginx.headers['content-type']}`);
      let expected = fromServer.body;
      if (path === '/r/registry.json') {
        // The export lists only the exported packs: the server's index, filtered to them.
        const entries = (JSON.parse(fromServer.body.toString()) as Array<{ id: string }>).filter((entry) => PACKS.includes(entry.id));
        expected = Buffer.from(JSON.stringify(entries));
      }
      if (!fromNginx.body.equals(expected)) differing.push(`${path}: body differs`);
      return differing;
    });
    expect(differences.flat().slice(0, 10)).toEqual([]);
    expect(paths.length).toBeGreaterThan(FULL_CATALOG ? 1300 : 400);
  });

  it('writes each pack as a zip, byte for byte what the server sends, sent by nginx as application/zip', async () => {
    for (const pack of PACKS) {
      const [fromNginx, fromServer] = await Promise.all([get(nginx.port, `/r/${pack}.zip`, 'gzip'), served.get(`/r/${pack}.zip`)]);
      expect(fromServer.status, pack).toBe(200);
      expect(fromNginx.status, pack).toBe(200);
      expect(fromNginx.headers['content-type'], pack).toBe('application/zip');
      expect(fromNginx.headers['content-encoding'], pack).toBeUndefined();
      expect(Buffer.from(fromNginx.body, 'latin1').equals(readFileSync(join(EXPORT, 'r', `${pack}.zip`))), pack).toBe(true);
      expect(fromServer.body.equals(readFileSync(join(EXPORT, 'r', `${pack}.zip`))), pack).toBe(true);
    }
  });

  it('writes the page as the server sends it, with its content security policy in a meta element for hosts that send none', async () => {
    const exported = readFileSync(join(EXPORT, 'index.html'));
    const fromServer = await served.get('/');
    expect(fromServer.status).toBe(200);
    expect(fromServer.body.equals(exported)).toBe(true);
    expect(fromServer.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    // The same policy but frame-ancestors, which a meta element cannot hold; before the style sheet and script it governs.
    const meta =
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'self'\">";
    const html = exported.toString();
    expect(html).toContain(meta);
    expect(html.indexOf(meta)).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
  });

  it('sends the precompressed .gz sibling to clients that accept gzip', async () => {
    const response = await get(nginx.port, '/r/svg-spinners.json', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = Buffer.from(response.body, 'latin1');
    expect(body.equals(readFileSync(join(EXPORT, 'r', 'svg-spinners.json.gz')))).toBe(true);
    expect(gunzipSync(body).equals(readFileSync(join(EXPORT, 'r', 'svg-spinners.json')))).toBe(true);
  });

  it('answers missing paths with a problem document, as the server does', async () => {
    for (const path of ['/r/nope.json', '/r/svg-spinners/nope.json', '/r/svg-spinners', '/r/svg-spinners/', '/elsewhere', '/.icon-registry-export.json']) {
      const [fromNginx, fromServer] = await Promise.all([get(nginx.port, path), served.get(path)]);
      expect(fromNginx.status, path).toBe(404);
      expect(fromServer.status, path).toBe(404);
      expect(fromNginx.headers['content-type'], path).toBe(fromServer.headers['content-type']);
      expect(JSON.parse(fromNginx.body)).toMatchObject({ status: 404, code: 'not_found' });
      expect(fromNginx.headers['access-control-allow-origin']).toBe('*');
    }
  });
});

describe('re-export', () => {
  it('rewrites nothing when nothing changed, and removes what is no longer exported', () => {
    const inode = (path: string) => statSync(join(EXPORT, path)).ino;
    const before = inode(`r/${ICON}.json`);
    const again = exportPacks(PACKS);
    expect(again.written).toBe(0);
    expect(again.unchanged).toBe(first.files);
    expect(inode(`r/${ICON}.json`)).toBe(before);

    const fewer = exportPacks(PACKS.filter((id) => id !== SECOND));
    expect(existsSync(join(EXPORT, 'r', `${SECOND}.json`))).toBe(false);
    expect(existsSync(join(EXPORT, 'r', SECOND))).toBe(false);
    // Only the index changed.
    expect(fewer.written).toBe(3);
    expect(inode(`r/${ICON}.json`)).toBe(before);
  });

  it('leaves the previous export intact when an export is interrupted', async () => {
    const manifest = readFileSync(join(EXPORT, '.icon-registry-export.json'), 'utf8');
    const child = spawn(process.execPath, [CLI, 'export', EXPORT, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--only-packs', 'mdi,fluent-emoji'], {
      stdio: 'ignore',
    });
    // Kill it once it has started writing its new directory.
    for (let i = 0; i < 400 && !readdirSync(TEST_TMP).some((name) => name.startsWith('export.') && name.endsWith('.exporting')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readFileSync(join(EXPORT, '.icon-registry-export.json'), 'utf8')).toBe(manifest);
    expect(existsSync(join(EXPORT, 'r', 'mdi.json'))).toBe(false);
    expect((await get(nginx.port, `/r/${ICON}.json`)).status).toBe(200);
    // The next export clears what the killed one left behind.
    exportPacks(['svg-spinners']);
    expect(readdirSync(TEST_TMP).filter((name) => name.startsWith('export.'))).toEqual([]);
  });

  it('writes identity files only with --no-compress, under the base path', () => {
    const dir = join(TEST_TMP, 'export-plain');
    const result = spawnSync(
      process.execPath,
      [CLI, 'export', dir, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--only-packs', 'svg-spinners', '--no-compress', '--base-path', '/icons'],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    const files = readdirSync(join(dir, 'icons', 'r', 'svg-spinners'));
    expect(files.length).toBeGreaterThan(40);
    expect(files.every((name) => name.endsWith('.json'))).toBe(true);
    expect(existsSync(join(dir, 'icons', 'r', 'svg-spinners.json.gz'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'icons', 'r', 'openapi.json'), 'utf8')).servers[0].url).toBe('/icons');
    expect(JSON.parse(readFileSync(join(dir, 'icons', 'r', '_not-found.json'), 'utf8')).detail).toBe('No resource at this path. See /icons/r/registry.json.');
  });

  it('refuses to replace a directory that is not an export', () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'export', FIXTURE_PACKS, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--only-packs', 'svg-spinners'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/holds no earlier export: refusing to replace it/);
    expect(existsSync(join(FIXTURE_PACKS, 'fixture-shapes.json'))).toBe(true);
  });
});

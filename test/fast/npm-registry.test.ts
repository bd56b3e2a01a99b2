import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { IconifyJSON } from '@iconify/types';
import { loadCollectionFromFS } from '@iconify/utils/lib/loader/fs';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { routeOfSegments } from '../../src/core/paths.js';
import { parseTarget } from '../../src/core/target.js';
import { npmVersionOf } from '../../src/data/catalog/revision-names.js';
import { lucideTarball } from '../helpers/npm-fixtures.js';
import { inProcessSite } from '../helpers/site.js';
import { seededRandom, testSeed } from '../helpers/sources.js';

/*
 * The registry as an npm registry, in process over the small catalog:
 * the routes under /npm/, the npm version of a revision, packuments in
 * both of npm's forms, and tarballs read with the system's tar and with
 * @iconify/utils' loader of installed packages, beside the real
 * @iconify-json/lucide package. Every pack of this catalog is served from
 * one database built for the tests, so each has the name of content not
 * kept as a revision (`own-...`); the names of the default catalog's packs
 * and of kept revisions, and installs by the real npm, are tested over
 * the command line (test/npm-registry.test.ts).
 */

const HOST = 'icons.example.test:8443';
const TOKEN = 'design-token-0123456789abcdefghij';
const PRIVATE = 'fixture-shapes';
const site = inProcessSite({
  access: { packs: { [PRIVATE]: ['design'] }, tokens: { design: `sha256:${createHash('sha256').update(TOKEN).digest('hex')}` } },
});

const scratch = mkdtempSync(join(tmpdir(), 'npm-registry-fast-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Packument {
  name: string;
  'dist-tags': { latest: string };
  versions: Record<string, { name: string; version: string; dist: { tarball: string; integrity: string; shasum: string }; [field: string]: unknown }>;
}

const get = (target: string, headers: Record<string, string> = {}) => site.request(target, { headers: { host: HOST, ...headers } });

/** A tarball's files, unpacked by the system's tar (not the registry's code), by path under package/. */
function unpacked(tarball: Buffer): Map<string, Buffer> {
  const dir = mkdtempSync(join(scratch, 'unpacked-'));
  writeFileSync(join(dir, 'package.tgz'), tarball);
  const result = spawnSync('tar', ['xzf', 'package.tgz'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr}`);
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(join(dir, 'package'))) files.set(name, readFileSync(join(dir, 'package', name)));
  return files;
}

/** The names of a tarball's entries, in order, as the system's tar lists them. */
function listed(path: string): string[] {
  const result = spawnSync('tar', ['tzf', path], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr}`);
  return result.stdout.trim().split('\n');
}

const json = (bytes: Buffer | undefined) => JSON.parse((bytes as Buffer).toString('utf8')) as Record<string, unknown>;

/** The packument of a pack, its one version, and that version's tarball as fetched from the address the packument gives. */
async function packageOf(pack: string, headers: Record<string, string> = {}) {
  const response = await get(`/npm/@iconify-json%2f${pack}`, headers);
  expect(response.status, response.text()).toBe(200);
  const packument = response.json<Packument>();
  const versions = Object.values(packument.versions);
  expect(versions).toHaveLength(1);
  const version = versions[0] as Packument['versions'][string];
  const url = new URL(version.dist.tarball);
  const tarball = await get(url.pathname, headers);
  expect(tarball.status).toBe(200);
  return { packument, version, url, tarball, files: unpacked(tarball.body) };
}

describe('the routes under /npm/', () => {
  it('read a scoped name escaped (as npm sends it) or not, a tarball after /-/, any other name as a name, and leave a pack called npm its Iconify routes', () => {
    const segments = (path: string) => path.split('/');
    expect(routeOfSegments(segments('/npm/@iconify-json/acme'), '')).toEqual({ kind: 'npm-packument', name: '@iconify-json/acme', pack: 'acme' });
    expect(parseTarget('/npm/@iconify-json%2facme', '')).toEqual({ kind: 'npm-packument', name: '@iconify-json/acme', pack: 'acme' });
    expect(parseTarget('/icons/npm/@iconify-json%2Facme?write=true', '/icons')).toEqual({ kind: 'npm-packument', name: '@iconify-json/acme', pack: 'acme' });
    expect(parseTarget('/npm/@iconify-json/acme/-/acme-1.2.3.tgz', '')).toEqual({
      kind: 'npm-tarball',
      name: '@iconify-json/acme',
      pack: 'acme',
      file: 'acme-1.2.3.tgz',
    });
    expect(parseTarget('/npm/@iconify-json%2facme/-/acme-1.2.3.tgz', '')).toMatchObject({ kind: 'npm-tarball', name: '@iconify-json/acme' });
    expect(parseTarget('/npm/lodash', '')).toEqual({ kind: 'npm-packument', name: 'lodash', pack: '' });
    expect(parseTarget('/npm/@babel%2fcore', '')).toEqual({ kind: 'npm-packument', name: '@babel/core', pack: '' });
    expect(parseTarget('/npm/-/ping', '')).toEqual({ kind: 'npm-packument', name: '-/ping', pack: '' });
    expect(parseTarget('/npm/icons.json', '')).toEqual({ kind: 'iconify-icons', prefix: 'npm', script: false });
    expect(parseTarget('/npm/home.svg', '')).toEqual({ kind: 'iconify-svg', prefix: 'npm', name: 'home' });
  });
});

describe('the npm version of a revision', () => {
  it('is a package version as it is, and any other name a prerelease of 0.0.0 made of its letters and digits', () => {
    expect(npmVersionOf('1.2.137')).toBe('1.2.137');
    expect(npmVersionOf('2.0.0-beta.1')).toBe('2.0.0-beta.1');
    expect(npmVersionOf('json-2.2.535')).toBe('0.0.0-json.2.2.535');
    expect(npmVersionOf('own-3f9a2c41d0e7')).toBe('0.0.0-own.3f9a2c41d0e7');
    expect(npmVersionOf('own-2026-01-05')).toBe('0.0.0-own.2026.1.5');
    expect(npmVersionOf('1.2.137+build.5')).toBe('0.0.0-1.2.137.build.5');
    expect(npmVersionOf('--')).toBeUndefined();
  });

  it('sorts as the revisions do: @iconify/json versions among themselves by their numbers, all below the published versions, and matched by no range', () => {
    const inOrder = ['json-2.2.9', 'json-2.2.10', 'json-2.2.535', 'json-2.10.0', '1.0.0', '1.2.100', '1.2.137'];
    const versions = inOrder.map((name) => npmVersionOf(name) as string);
    expect([...versions].sort(semver.compare)).toEqual(versions);
    expect(semver.maxSatisfying(versions, '^1.0.0')).toBe('1.2.137');
    expect(semver.maxSatisfying(versions, '*')).toBe('1.2.137');
    expect(semver.maxSatisfying(versions.slice(0, 4), '*')).toBeNull();
  });
});

describe('a pack as an npm package', () => {
  it('has a packument naming its tarball by an absolute address on the Host asked, with the integrity and shasum of the bytes served there', async () => {
    const { packument, version, url, tarball } = await packageOf('lucide');
    expect(packument.name).toBe('@iconify-json/lucide');
    expect(packument['dist-tags'].latest).toBe(version.version);
    expect(url.origin).toBe(`http://${HOST}`);
    expect(url.pathname).toBe(`/npm/@iconify-json/lucide/-/lucide-${version.version}.tgz`);
    expect(version.dist.integrity).toBe(`sha512-${createHash('sha512').update(tarball.body).digest('base64')}`);
    expect(version.dist.shasum).toBe(createHash('sha1').update(tarball.body).digest('hex'));
    expect(tarball.headers['content-type']).toBe('application/octet-stream');
    expect(tarball.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Gzip already: sent as it is whatever the client accepts.
    expect((await get(url.pathname, { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBeUndefined();
    // A proxy that received the request over TLS says so, and the address follows.
    const behindTls = (await get('/npm/@iconify-json%2flucide', { 'x-forwarded-proto': 'https' })).json<Packument>();
    expect(Object.values(behindTls.versions)[0]?.dist.tarball).toBe(`https://${HOST}${url.pathname}`);
  });

  it('is named, before any revision of it is kept, by the digest of its pack document: own-{first 12 hex digits of its SHA-256}', async () => {
    const document = await get('/r/fixture-transforms.json', { 'accept-encoding': 'identity' });
    const digest = createHash('sha256').update(document.body).digest('hex').slice(0, 12);
    const { packument } = await packageOf('fixture-transforms');
    expect(Object.keys(packument.versions)).toEqual([`0.0.0-own.${digest.replace(/^0+(?=[0-9]*$)/, '')}`]);
  });

  it('answers npm’s abbreviated form when asked for it, with the same dist, and says that answers vary with Accept', async () => {
    const full = await get('/npm/@iconify-json%2fmdi');
    const abbreviated = await get('/npm/@iconify-json%2fmdi', { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*' });
    expect(abbreviated.headers['content-type']).toBe('application/vnd.npm.install-v1+json');
    expect(full.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const answer of [full, abbreviated]) expect(answer.headers.vary).toBe('Accept-Encoding, Accept');
    const [fullVersion] = Object.values(full.json<Packument>().versions);
    const [abbreviatedVersion] = Object.values(abbreviated.json<Packument>().versions);
    expect(abbreviatedVersion).toEqual({
      name: '@iconify-json/mdi',
      version: fullVersion?.version,
      dependencies: { '@iconify/types': '*' },
      dist: fullVersion?.dist,
    });
    expect(fullVersion).toMatchObject({ _id: `@iconify-json/mdi@${fullVersion?.version}`, iconSet: expect.any(Object), exports: expect.any(Object) });
  });

  it('has the layout of the real @iconify-json/lucide, and its icons.json and info.json hold the pack document’s set', async () => {
    const { files, version } = await packageOf('lucide');
    const real = listed(lucideTarball('1.2.137')).map((path) => path.replace(/^package\//, ''));
    expect([...files.keys()].sort()).toEqual([...real].sort());
    const manifest = json(files.get('package.json'));
    const realManifest = JSON.parse(spawnSync('tar', ['xzOf', lucideTarball('1.2.137'), 'package/package.json'], { encoding: 'utf8' }).stdout) as Record<
      string,
      unknown
    >;
    for (const field of ['name', 'description', 'main', 'module', 'types', 'license', 'exports', 'iconSet', 'dependencies']) {
      expect(manifest[field], field).toEqual(realManifest[field]);
    }
    expect(manifest.version).toBe(version.version);
    const document = (await get('/r/lucide.json')).json<IconifyJSON>();
    const { info, icons, aliases, lastModified, width, height } = document;
    expect(json(files.get('icons.json'))).toEqual({ prefix: 'lucide', icons, aliases, lastModified, width, height });
    expect(json(files.get('info.json'))).toEqual({ prefix: 'lucide', ...info });
    expect(json(files.get('metadata.json'))).toEqual({});
    expect(json(files.get('chars.json'))).toEqual({});
    // Written as the real packages are: tab-indented JSON with a final newline.
    expect(files.get('info.json')?.toString('utf8')).toBe(`${JSON.stringify({ prefix: 'lucide', ...info }, null, '\t')}\n`);
  });

  it('puts a pack’s categories in metadata.json and its characters in chars.json, which index.js and index.mjs export', async () => {
    const { files } = await packageOf('mdi');
    const document = (await get('/r/mdi.json')).json<IconifyJSON>();
    expect(json(files.get('package.json')).iconSet).toEqual({ icons: 'icons.json', info: 'info.json', metadata: 'metadata.json', chars: 'chars.json' });
    expect(json(files.get('metadata.json'))).toEqual({ categories: document.categories });
    expect(json(files.get('chars.json'))).toEqual(document.chars);
    // Installed where a project has its packages, each module gives the four parts.
    const project = join(scratch, 'project-mdi');
    const folder = join(project, 'node_modules', '@iconify-json', 'mdi');
    mkdirSync(folder, { recursive: true });
    for (const [name, bytes] of files) writeFileSync(join(folder, name), bytes);
    const script = `const m = require('@iconify-json/mdi'); import('@iconify-json/mdi').then((e) => process.stdout.write(JSON.stringify([m.icons.prefix, Object.keys(m.chars).length, Object.keys(m.metadata), e.info.name, e.icons === undefined])))`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(['mdi', Object.keys(document.chars ?? {}).length, ['categories'], document.info?.name, false]);
    // @iconify/utils' loader of installed icon sets (unplugin-icons' and UnoCSS's) reads it as the real package.
    const loaded = await loadCollectionFromFS('mdi', false, '@iconify-json', project);
    expect(loaded?.icons.home).toEqual(document.icons.home);
  });

  it('is gzipped with no time and the same bytes every time it is made', async () => {
    const { tarball, version } = await packageOf('mdi');
    // Gzip's header: deflate, no flags, no time, Unix.
    expect([...tarball.body.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
    // The tar inside: each entry under package/, owned by 0, dated as `npm pack` dates them.
    const tar = gunzipSync(tarball.body);
    expect(tar.subarray(257, 263).toString('latin1')).toBe('ustar\0');
    const listing = spawnSync('tar', ['tzvf', '-'], { input: tarball.body, encoding: 'utf8' }).stdout.trim().split('\n');
    for (const line of listing) expect(line).toMatch(/^-rw-r--r-- 0\/0 +[0-9]+ 1985-10-26 08:15 package\//);
    // Made again by another registry over the same catalog (nothing shared but the catalog): the same bytes.
    const again = inProcessAgain();
    const packument = (await again.request('/npm/@iconify-json%2fmdi', { headers: { host: HOST } })).json<Packument>();
    expect(packument.versions[version.version]?.dist.integrity).toBe(version.dist.integrity);
  });
});

/** A second site over the same catalog, with its own registry and caches. */
const second = inProcessSite();
const inProcessAgain = () => second;

describe('what npm cannot install', () => {
  const problem = async (target: string, headers: Record<string, string> = {}) => {
    const response = await get(target, headers);
    const body = response.json<{ code: string; error: string; detail: string; status: number }>();
    expect(body.error, target).toBe(body.detail);
    expect(body.status).toBe(response.status);
    return [response.status, body.code];
  };

  it('is answered as npm’s clients read errors: a problem whose `error` npm prints after the status', async () => {
    expect(await problem('/npm/@iconify-json%2fno-such-pack')).toEqual([404, 'pack_not_found']);
    expect(await problem('/npm/lodash')).toEqual([404, 'package_not_found']);
    expect(await problem('/npm/@babel%2fcore')).toEqual([404, 'package_not_found']);
    expect(await problem('/npm/@iconify-json/lucide/-/lucide-9.9.9.tgz')).toEqual([404, 'unknown_version']);
    expect(await problem('/npm/@iconify-json/lucide/-/mdi-1.0.0.tgz')).toEqual([404, 'unknown_version']);
    expect(await problem('/npm/@iconify-json/Lucide')).toEqual([404, 'pack_not_found']);
    const noHost = await site.request('/npm/@iconify-json%2flucide');
    expect([noHost.status, noHost.json<{ code: string }>().code]).toEqual([400, 'bad_request']);
    expect((await get('/npm/@iconify-json%2flucide', { host: 'evil.test/x?' })).status).toBe(400);
    // A target in absolute form names the host itself, which the Host header does not override.
    const absolute = (await site.request('http://real.test:8080/npm/@iconify-json%2flucide', { headers: { host: 'evil.test' } })).json<Packument>();
    for (const version of Object.values(absolute.versions)) expect(version.dist.tarball).toMatch(/^http:\/\/real\.test:8080\/npm\//);
  });

  it('includes a private pack without its token, exactly as a pack that does not exist; with it, the package is there and never publicly cached', async () => {
    const missing = await get('/npm/@iconify-json%2fno-such-pack');
    const hidden = await get(`/npm/@iconify-json%2f${PRIVATE}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text().replaceAll(PRIVATE, 'no-such-pack')).toBe(missing.text());
    const { packument, url, tarball } = await packageOf(PRIVATE, { authorization: `Bearer ${TOKEN}` });
    expect(packument.name).toBe(`@iconify-json/${PRIVATE}`);
    expect(tarball.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/npm/@iconify-json%2f${PRIVATE}`, { authorization: `Bearer ${TOKEN}` })).headers['cache-control']).toBe('private, no-store');
    const tarballWithout = await get(url.pathname);
    expect([tarballWithout.status, tarballWithout.json<{ code: string }>().code]).toEqual([404, 'pack_not_found']);
  });
});

describe('a fuzz of the paths under /npm/', () => {
  it('answers every target with a packument, a tarball or a problem in npm’s form, never a failure', async () => {
    const random = seededRandom(testSeed('npm paths'));
    const { version } = await packageOf('lucide');
    const parts = [
      'npm',
      '@iconify-json',
      '@iconify-json%2f',
      '%2f',
      '%2F',
      'lucide',
      'mdi',
      '-',
      `lucide-${version.version}.tgz`,
      'lucide-1.0.0.tgz',
      '..',
      '.',
      '',
      '%00',
      '%zz',
      '@',
      '%40iconify-json',
      'a'.repeat(300),
      '__proto__',
      'constructor',
      '?',
      '#',
      '%3f',
      'icons.json',
      'x.svg',
      PRIVATE,
    ];
    const seen = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const count = 1 + Math.floor(random() * 5);
      const segments = Array.from({ length: count }, () => parts[Math.floor(random() * parts.length)] as string);
      const target = `/npm/${segments.join(random() < 0.8 ? '/' : '')}`;
      const response = await get(target);
      seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
      expect(site.errors, target).toEqual([]);
      expect([200, 400, 404, 414], target).toContain(response.status);
      const route = parseTarget(target, '');
      // Under /npm/, a problem is npm's form; the Iconify API's routes of a pack called npm answer as that API does.
      if (response.status !== 200 && 'kind' in route && route.kind.startsWith('npm-')) {
        const body = response.json<{ error?: string; detail: string }>();
        expect(body.error, target).toBe(body.detail);
      }
      // Without its token, the private pack answers as one that does not exist.
      if (target.includes(PRIVATE)) {
        const unknown = await get(target.replaceAll(PRIVATE, 'no-such-pack'));
        expect([response.status, response.text().replaceAll(PRIVATE, 'no-such-pack')], target).toEqual([unknown.status, unknown.text()]);
      }
    }
    console.log(`npm paths: ${[...seen].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
    expect(seen.get(200)).toBeGreaterThan(0);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { type SweepAnswer, sweepGet, timesBeside } from './helpers/http.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { CATALOG_REVISION, readDefaultPack } from './helpers/sources.js';
import { runUpdate, UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * A revision's whole pack document (`/r/{pack}@{version}.json`) and the
 * first pinned icon of a pack no update has touched, on the largest pack of
 * the catalog (fluent-emoji, 100 MB as JSON), through the real server: what
 * reads, parses and writes a document whole is done in a thread, so that
 * the documents asked for meanwhile are answered as usual. The same bytes
 * as the smaller packs' (versions-pinned.test.ts compares lucide's before
 * and after the history keeps its revision).
 */

const PACK = 'fluent-emoji';
const WHOLE = `/r/${PACK}@${CATALOG_REVISION}.json`;
/** A small document asked for again and again while the slow one is made. */
const PROBE = '/r/mdi/home.json';

let dataDir: string;
let server: TestServer;
beforeAll(async () => {
  dataDir = dataDirWithDefaultCatalog('pinned-documents');
  server = await startTestServer({ dataDir, packsDir: null });
});
afterAll(async () => {
  await server?.close();
});

/** An answer in a coding, its body as sent (not decoded). */
const codedGet = (path: string, encoding: string) => sweepGet(`${server.base}${path}`, encoding);

/** Asks for `path` while PROBE is asked for again and again; prints and returns how long it took and the slowest probe. */
async function beside(path: string, encoding: string): Promise<{ answer: SweepAnswer; madeMs: number; slowestMs: number }> {
  const { result, slowMs, waits } = await timesBeside(
    () => codedGet(path, encoding),
    async () => expect((await fetch(`${server.base}${PROBE}`)).status).toBe(200),
  );
  const slowestMs = Math.max(...waits);
  console.log(
    `${path} (${encoding}) answered in ${slowMs.toFixed(0)} ms; ${waits.length} documents answered meanwhile, the slowest in ${slowestMs.toFixed(1)} ms`,
  );
  expect(waits.length).toBeGreaterThan(5);
  return { answer: result, madeMs: slowMs, slowestMs };
}

describe('the first pinned icon of a large pack no update has touched', () => {
  it('is answered while the server goes on answering: the pack’s root fields are parsed in a thread', async () => {
    const name = Object.keys(readDefaultPack(PACK).icons).sort()[7] as string;
    const { answer, madeMs, slowestMs } = await beside(`/r/${PACK}@${CATALOG_REVISION}/${name}.json`, 'identity');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ id: `${PACK}:${name}` });
    // Parsed on the thread answering requests, the whole document held it for nearly all of that time.
    expect(slowestMs).toBeLessThan(madeMs / 3);
  }, 120_000);
});

describe('a revision’s whole document of a large pack', () => {
  let identity: Buffer;
  let etag: string | undefined;

  it('is made while the server goes on answering, in each coding, the same document decoded', async () => {
    const { answer, madeMs, slowestMs } = await beside(WHOLE, 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Made on the thread answering requests, it held it for two fifths of its time or more (parsed, written, compressed).
    expect(slowestMs).toBeLessThan(madeMs / 5);
    identity = brotliDecompressSync(answer.body);
    etag = answer.headers.etag as string;
    const plain = await codedGet(WHOLE, 'identity');
    expect(plain.body.equals(identity)).toBe(true);
    const gzip = await codedGet(WHOLE, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(identity)).toBe(true);
    // Each coding its own strong tag, of the same bytes.
    expect([plain.headers.etag, gzip.headers.etag]).toEqual([etag?.replace('-br"', '"'), etag?.replace('-br"', '-gz"')]);
  }, 180_000);

  it('is the catalog’s document, its icons and aliases in the order a kept revision’s have, its info naming the revision', async () => {
    const pinned = JSON.parse(identity.toString('utf8')) as IconifyJSON;
    const unpinned = JSON.parse((await codedGet(`/r/${PACK}.json`, 'identity')).body.toString('utf8')) as IconifyJSON;
    expect(pinned.info?.version).toBe(CATALOG_REVISION);
    expect(pinned).toEqual(unpinned);
    expect(Object.keys(pinned.icons)).toEqual(Object.keys(readDefaultPack(PACK).icons).sort());
  });

  it('is kept once made, in each coding: after a restart the same bytes and tags come from the data directory', async () => {
    const kept = readdirSync(join(dataDir, 'pinned-documents', PACK)).sort();
    expect(kept.map((file) => file.replace(/^[^.]+/, ''))).toEqual(['.json', '.json.about.json', '.json.br', '.json.gz']);
    // What a process that ended mid-write left is removed at the next start; what a running one writes stays.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const folder = join(dataDir, 'pinned-documents', PACK);
    const moments = join(dataDir, 'moments');
    mkdirSync(join(moments, `${'0'.repeat(32)}.${ended}.123`), { recursive: true });
    const left = [join(folder, `a.json.${ended}-0123abcd.partial`), join(moments, `${'0'.repeat(32)}.${ended}.123.db`)];
    const running = join(folder, `a.json.${process.pid}-0123abcd.partial`);
    for (const path of [...left, running]) writeFileSync(path, 'half');
    await server.close();
    server = await startTestServer({ dataDir, packsDir: null });
    expect([...left, join(moments, `${'0'.repeat(32)}.${ended}.123`), running].map(existsSync)).toEqual([false, false, false, true]);
    rmSync(running);
    const again = await codedGet(WHOLE, 'identity');
    expect(again.body.equals(identity)).toBe(true);
    expect(again.headers.etag).toBe(etag?.replace('-br"', '"'));
    expect((await codedGet(WHOLE, 'br')).headers.etag).toBe(etag);
  }, 120_000);
});

describe('a revision’s whole document that cannot be written', () => {
  it('is answered from memory all the same, and the log names the file', async () => {
    // The pack's folder taken by a file: the document's files cannot be written beneath it.
    const folder = join(dataDir, 'pinned-documents', 'mdi');
    mkdirSync(dirname(folder), { recursive: true });
    writeFileSync(folder, 'not a folder');
    const path = `/r/mdi@${CATALOG_REVISION}.json`;
    const answer = await codedGet(path, 'gzip');
    expect([answer.status, answer.headers['content-encoding']]).toEqual([200, 'gzip']);
    const pinned = JSON.parse(gunzipSync(answer.body).toString('utf8')) as IconifyJSON;
    expect(pinned).toEqual(JSON.parse((await codedGet('/r/mdi.json', 'identity')).body.toString('utf8')));
    const logged = await server.logLine((line) => line.msg === 'a file made once could not be written; answered from memory');
    expect(String(logged.file)).toMatch(/pinned-documents\/mdi\/[^/]+\.json$/);
    expect((await codedGet(path, 'identity')).status).toBe(200);
  }, 60_000);
});

describe('the first answer at a new past moment', () => {
  it('is made while the server goes on answering: the moment’s catalog is built in a thread', async () => {
    // Two updates of noto (25 MB as JSON), each a package made of the catalog's noto with one glyph drawn otherwise: a moment
    // between them served the first, which the history keeps and a catalog of that moment is built from.
    const notoSet = readDefaultPack('noto');
    const name = Object.keys(notoSet.icons).sort()[3] as string;
    await updateNoto(notoSet, name, '9.0.0', '<path d="M0 0h8v8H0z"/>');
    const then = (await codedGet(`/r/noto/${name}.json`, 'identity')).body.toString('utf8');
    const moment = new Date().toISOString();
    await updateNoto(notoSet, name, '9.0.1', '<path d="M0 0h9v9H0z"/>');
    // The moments' catalogs an update made as it went are let go, as a copied data directory may lack them: this one is built again.
    rmSync(join(dataDir, 'moments'), { recursive: true, force: true });
    // A moment is answered once it is settled, 10 s past.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(moment) + 10_500 - Date.now())));
    const { answer, madeMs, slowestMs } = await beside(`/at/${moment}/r/noto/${name}.json`, 'identity');
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body.toString('utf8')) as { svg: string }).svg).toBe((JSON.parse(then) as { svg: string }).svg);
    expect(answer.body.toString('utf8')).toContain('M0 0h8v8H0z');
    // Built on the thread answering requests, its document read and written there, and the build's own work, held it for a fifth of the time.
    expect(slowestMs).toBeLessThan(madeMs / 15);
  }, 240_000);
});

/** Updates noto from a package of `set` with `name` drawn as `body`, and waits until the server serves it. */
async function updateNoto(set: IconifyJSON, name: string, version: string, body: string): Promise<void> {
  const folder = join(dataDir, `noto-${version}`, 'package');
  mkdirSync(folder, { recursive: true });
  const { info, ...icons } = { ...set, icons: { ...set.icons, [name]: { ...set.icons[name], body } } };
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: '@iconify-json/noto', version }));
  writeFileSync(join(folder, 'icons.json'), JSON.stringify(icons));
  writeFileSync(join(folder, 'info.json'), JSON.stringify(info));
  const tarball = join(dirname(folder), `noto-${version}.tgz`);
  expect(spawnSync('tar', ['czf', tarball, '-C', dirname(folder), 'package']).status).toBe(0);
  expect(await runUpdate(UPDATE_COMMAND_LINE, dataDir, ['--from', tarball])).toEqual({
    status: 0,
    stderr: expect.stringContaining(`noto: serving ${version}`),
  });
  // Served once the server has reloaded.
  for (const started = Date.now(); !(await codedGet(`/r/noto/${name}.json`, 'identity')).body.toString('utf8').includes(body.slice(9, 20)); ) {
    expect(Date.now() - started).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

import { copyFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { getOnNewConnection } from './helpers/http.js';
import { FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** The bound: a change is served within this long. */
const LIVE_WITHIN_MS = 2_000;

const packs = join(TEST_TMP, 'watch-packs');
let server: TestServer;

const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M4 4h16v16H4z"/></svg>';
const CIRCLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8" fill="#000"/></svg>';

async function get(path: string): Promise<{ status: number; etag: string | null; body: string }> {
  const response = await fetch(`${server.base}${path}`);
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
}

/** Polls until `check` holds, and returns how long that took; fails when it does not hold within `LIVE_WITHIN_MS`. */
async function liveWithin(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < LIVE_WITHIN_MS) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not live within ${LIVE_WITHIN_MS} ms`);
}

const reloads = () => server.logs.filter((line) => line.msg === 'own packs reloaded');
/** The first reload logged after the `seen` ones. */
const reloadAfter = (seen: number) => server.logLine((line) => line.msg === 'own packs reloaded' && reloads().indexOf(line) >= seen, LIVE_WITHIN_MS);

beforeAll(async () => {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(join(packs, 'team'), { recursive: true });
  writeFileSync(join(packs, 'team', 'square.svg'), SQUARE);
  copyFileSync(join(FIXTURE_PACKS, 'fixture-shapes.json'), join(packs, 'fixture-shapes.json'));
  server = await startTestServer({ dataDir: dataDirWithDefaultCatalog('watch-data'), packsDir: packs, args: ['--watch'] });
});
afterAll(async () => {
  await server.close();
});

describe('serve --watch', () => {
  it('serves a file added to a folder within 2 s, and changes only the ETags of what changed', async () => {
    const before = {
      pack: await get('/r/team.json'),
      other: await get('/r/fixture-shapes.json'),
      square: await get('/r/team/square.json'),
      mdi: await get('/r/mdi/home.json'),
    };
    expect((await get('/r/team/circle.json')).status).toBe(404);
    writeFileSync(join(packs, 'team', 'circle.svg'), CIRCLE);
    const ms = await liveWithin(async () => (await get('/r/team/circle.json')).status === 200);
    console.log(`watch: added icon served after ${ms} ms`);
    const after = {
      pack: await get('/r/team.json'),
      other: await get('/r/fixture-shapes.json'),
      square: await get('/r/team/square.json'),
      mdi: await get('/r/mdi/home.json'),
    };
    expect(after.pack.etag).not.toBe(before.pack.etag);
    expect(after.other.etag).toBe(before.other.etag);
    expect(after.other.body).toBe(before.other.body);
    expect(after.mdi.etag).toBe(before.mdi.etag);
    // An untouched icon of the changed pack has the same bytes, so the same ETag.
    expect(after.square.etag).toBe(before.square.etag);
    await server.logLine((line) => line.msg === 'own packs reloaded');
  });

  it('serves a changed file within 2 s', async () => {
    const before = await get('/r/team/circle.json');
    writeFileSync(join(packs, 'team', 'circle.svg'), CIRCLE.replace('r="8"', 'r="5"'));
    await liveWithin(async () => (await get('/r/team/circle.json')).body.includes('r=\\"5\\"'));
    expect((await get('/r/team/circle.json')).etag).not.toBe(before.etag);
  });

  it('stops serving a removed file within 2 s', async () => {
    rmSync(join(packs, 'team', 'circle.svg'));
    await liveWithin(async () => (await get('/r/team/circle.json')).status === 404);
    expect(JSON.parse((await get('/r/team.json')).body).icons).not.toHaveProperty('circle');
  });

  it('follows a renamed folder: the old id goes, the new one comes, within 2 s', async () => {
    renameSync(join(packs, 'team'), join(packs, 'crew'));
    await liveWithin(async () => (await get('/r/crew/square.json')).status === 200);
    const gone = await get('/r/team.json');
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).code).toBe('pack_not_found');
    const index = JSON.parse((await get('/r/registry.json')).body) as Array<{ id: string }>;
    expect(index.map((entry) => entry.id)).toContain('crew');
    expect(index.map((entry) => entry.id)).not.toContain('team');
  });

  it('finds an added icon with /search within 1 s of the reload that serves it, and no longer once it is removed', async () => {
    const search = async () => JSON.parse((await get('/search?query=zorblax')).body) as { icons: string[] };
    expect((await search()).icons).toEqual([]);
    const reloadsBefore = reloads().length;
    writeFileSync(join(packs, 'crew', 'zorblax-widget.svg'), CIRCLE);
    const reload = await reloadAfter(reloadsBefore);
    const found = await liveWithin(async () => (await search()).icons.includes('crew:zorblax-widget'));
    const sinceReload = Date.now() - (reload.time as number);
    console.log(`watch: added icon found by /search ${found} ms after its reload was logged (${sinceReload} ms after the reload)`);
    expect(sinceReload).toBeLessThan(1_000);
    expect((await search()).icons).toEqual(['crew:zorblax-widget']);

    const reloadsWithIcon = reloads().length;
    rmSync(join(packs, 'crew', 'zorblax-widget.svg'));
    await reloadAfter(reloadsWithIcon);
    await liveWithin(async () => (await search()).icons.length === 0);
    expect(JSON.parse((await get('/keywords?prefix=zorb')).body)).toMatchObject({ exists: false, matches: [] });
  });

  it('serves a new pack file within 2 s', async () => {
    cpSync(join(FIXTURE_PACKS, 'fixture-repairs.json'), join(packs, 'fixture-repairs.json'));
    await liveWithin(async () => (await get('/r/fixture-repairs.json')).status === 200);
  });

  it('keeps serving the last good version of a pack whose file breaks, with a log line naming it', async () => {
    const good = await get('/r/fixture-shapes.json');
    const file = join(packs, 'fixture-shapes.json');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 100));
    await server.logLine((line) => line.file === file && String(line.msg).includes('still serving its last good version'), LIVE_WITHIN_MS);
    const served = await get('/r/fixture-shapes.json');
    expect(served.status).toBe(200);
    expect(served.etag).toBe(good.etag);
    expect(served.body).toBe(good.body);
    // Other packs were rebuilt and served meanwhile.
    expect((await get('/r/crew/square.json')).status).toBe(200);
  });

  it('wrote no error log line', () => {
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe('serve --watch --workers 2', () => {
  it('rebuilds once in the primary and has every worker serve the change within 2 s', async () => {
    const clusterPacks = join(TEST_TMP, 'watch-cluster-packs');
    rmSync(clusterPacks, { recursive: true, force: true });
    mkdirSync(join(clusterPacks, 'team'), { recursive: true });
    writeFileSync(join(clusterPacks, 'team', 'square.svg'), SQUARE);
    const cluster = await startTestServer({
      dataDir: dataDirWithDefaultCatalog('watch-cluster-data'),
      packsDir: clusterPacks,
      args: ['--watch', '--workers', '2'],
    });
    try {
      const url = `${cluster.base}/r/team/circle.json`;
      expect(await getOnNewConnection(url)).toBe(404);
      writeFileSync(join(clusterPacks, 'team', 'circle.svg'), CIRCLE);
      // Each request on a new connection, so that both workers answer some of them.
      await liveWithin(async () => (await Promise.all(Array.from({ length: 6 }, () => getOnNewConnection(url)))).every((status) => status === 200));
      expect(cluster.logs.filter((line) => line.msg === 'own packs reloaded')).toHaveLength(1);
    } finally {
      expect(await cluster.close()).toBe(0);
    }
  });
});

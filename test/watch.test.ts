import { copyFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { getOnNewConnection } from './helpers/http.js';
import { FIXTURE_PACKS, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { MOMENT_SETTLES_MS } from '../src/core/moment.js';
import { KEPT_CATALOGS } from '../src/registry/past-moments.js';
import type { IconifyJSON } from '@iconify/types';
import { defaultRevisionName } from '../src/data/catalog/revision-names.js';
import { locateDefaultCatalog } from '../src/data/catalog/sources.js';
import { npmVersionOf } from '../src/data/catalog/revision-names.js';

/**
 * Not a speed bound (the bench measures speed): only so that a reload that
 * never comes fails here with a message rather than at the test's timeout.
 */
const HANG_GUARD_MS = 60_000;

const packs = join(TEST_TMP, 'watch-packs');
let server: TestServer;

const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M4 4h16v16H4z"/></svg>';
const CIRCLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8" fill="#000"/></svg>';

async function get(path: string): Promise<{ status: number; etag: string | null; body: string }> {
  const response = await fetch(`${server.base}${path}`);
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
}

const isReload = (line: Record<string, unknown>) => line.msg === 'own packs reloaded';

/**
 * Makes a change to the packs directory and resolves with the log line of
 * the reload that takes it in: the first one that began after the change (a
 * rebuild already running then may have read the directory before it). The
 * line is written once the new packs are swapped in, so every request sent
 * after it is answered from them.
 */
async function reloadAfter(change: () => void): Promise<Record<string, unknown>> {
  change();
  const changedAt = Date.now();
  const reload = await server.logLine((line) => isReload(line) && (line.time as number) - (line.ms as number) >= changedAt, HANG_GUARD_MS);
  console.log(`watch: reload logged ${(reload.time as number) - changedAt} ms after the change (its rebuild took ${reload.ms} ms)`);
  return reload;
}

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
  it('serves a file added to a folder once the reload after it is logged, and changes only the ETags of what changed', async () => {
    const before = {
      pack: await get('/r/team.json'),
      other: await get('/r/fixture-shapes.json'),
      square: await get('/r/team/square.json'),
      mdi: await get('/r/mdi/home.json'),
    };
    expect((await get('/r/team/circle.json')).status).toBe(404);
    await reloadAfter(() => writeFileSync(join(packs, 'team', 'circle.svg'), CIRCLE));
    expect((await get('/r/team/circle.json')).status).toBe(200);
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
  });

  it('serves a changed file once the reload after it is logged', async () => {
    const before = await get('/r/team/circle.json');
    await reloadAfter(() => writeFileSync(join(packs, 'team', 'circle.svg'), CIRCLE.replace('r="8"', 'r="5"')));
    const changed = await get('/r/team/circle.json');
    expect(changed.body).toContain('r=\\"5\\"');
    expect(changed.etag).not.toBe(before.etag);
  });

  it('keeps a revision of an own pack each time it changes: each glyph stays at its pinned address, and what changed is told', async () => {
    const feed = JSON.parse((await get('/r/changes.json')).body) as {
      revisions: Array<{ pack: string; version: string; previous: string | null; added: number; changed: number }>;
    };
    // At the start (square alone), once circle was added, once circle changed: newest first.
    const team = feed.revisions.filter((revision) => revision.pack === 'team');
    expect(team.map(({ added, changed }) => [added, changed])).toEqual([
      [0, 1],
      [1, 0],
      [0, 0],
    ]);
    for (const revision of team) expect(revision.version).toMatch(/^own-\d{8}\.\d{6}\.\d{3}$/);
    const [changed, added] = team.map((revision) => revision.version) as [string, string];
    expect(team[0]?.previous).toBe(added);
    expect((await get(`/r/team@${added}/circle.json`)).body).toContain('r=\\"8\\"');
    expect((await get(`/r/team@${changed}/circle.json`)).body).toContain('r=\\"5\\"');
    expect(JSON.parse((await get(`/r/changes.json?pack=team&from=${added}&to=${changed}`)).body)).toEqual({
      pack: 'team',
      from: added,
      to: changed,
      added: [],
      hidden: [],
      renamed: [],
      changed: ['circle'],
    });
  });

  it('stops serving a removed file once the reload after it is logged', async () => {
    await reloadAfter(() => rmSync(join(packs, 'team', 'circle.svg')));
    expect((await get('/r/team/circle.json')).status).toBe(404);
    expect(JSON.parse((await get('/r/team.json')).body).icons).not.toHaveProperty('circle');
  });

  it('follows a renamed folder: the old id goes, the new one comes, once the reload after it is logged', async () => {
    await reloadAfter(() => renameSync(join(packs, 'team'), join(packs, 'crew')));
    expect((await get('/r/crew/square.json')).status).toBe(200);
    const gone = await get('/r/team.json');
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).code).toBe('pack_not_found');
    const index = JSON.parse((await get('/r/registry.json')).body) as Array<{ id: string }>;
    expect(index.map((entry) => entry.id)).toContain('crew');
    expect(index.map((entry) => entry.id)).not.toContain('team');
  });

  it('finds an added icon with /search as soon as the reload that serves it is logged, and no longer once it is removed', async () => {
    const search = async () => JSON.parse((await get('/search?query=zorblax')).body) as { icons: string[] };
    expect((await search()).icons).toEqual([]);
    await reloadAfter(() => writeFileSync(join(packs, 'crew', 'zorblax-widget.svg'), CIRCLE));
    expect((await search()).icons).toEqual(['crew:zorblax-widget']);

    await reloadAfter(() => rmSync(join(packs, 'crew', 'zorblax-widget.svg')));
    expect((await search()).icons).toEqual([]);
    expect(JSON.parse((await get('/keywords?prefix=zorb')).body)).toMatchObject({ exists: false, matches: [] });
  });

  it('finds an icon added to an own pack by what it means, in /r/search.json and /search, once the reload that serves it is logged', async () => {
    const meaning = async (q: string) => JSON.parse((await get(`/r/search.json?q=${q}&packs=crew`)).body) as { results: Array<{ id: string }> };
    expect((await meaning('dustbin')).results).toEqual([]);
    const reload = await reloadAfter(() => writeFileSync(join(packs, 'crew', 'trash-can.svg'), SQUARE));
    // The reload's own figure; how soon after a change an icon is found is measured by the bench.
    console.log(`watch: an own icon found by meaning after a reload of ${reload.ms} ms`);
    for (const q of ['dustbin', 'garbage', 'rubbish'])
      expect(
        (await meaning(q)).results.map((result) => result.id),
        q,
      ).toEqual(['crew:trash-can']);
    expect((JSON.parse((await get('/search?query=dustbin&prefix=crew')).body) as { icons: string[] }).icons).toEqual(['crew:trash-can']);
    await reloadAfter(() => rmSync(join(packs, 'crew', 'trash-can.svg')));
    expect((await meaning('dustbin')).results).toEqual([]);
  });

  it("finds an own pack's icons by the words of its tags, for a pack file and for a folder's pack.json", async () => {
    const meaning = async (q: string, pack: string) =>
      (JSON.parse((await get(`/r/search.json?q=${encodeURIComponent(q)}&packs=${pack}`)).body) as { results: Array<{ id: string }> }).results.map(
        (result) => result.id,
      );
    const tagged = {
      prefix: 'tagged-kit',
      info: { name: 'Tagged kit', author: { name: 'a team' }, license: { title: 'MIT', spdx: 'MIT' } },
      icons: { zorp: { body: '<path d="M0 0h16v16H0z"/>' }, quib: { body: '<path d="M0 0h8v8H0z"/>' } },
      tags: { zorp: ['Espresso', 'morning drink'], quib: 'not a list', missing: ['lost'] },
    };
    await reloadAfter(() => writeFileSync(join(packs, 'tagged-kit.json'), JSON.stringify(tagged)));
    expect(await meaning('espresso', 'tagged-kit')).toEqual(['tagged-kit:zorp']);
    expect(await meaning('morning drink', 'tagged-kit')).toEqual(['tagged-kit:zorp']);
    expect(await meaning('lost', 'tagged-kit')).toEqual([]);
    const warned = server.logs.filter((line) => String(line.file).endsWith('tagged-kit.json')).map((line) => String(line.msg));
    expect(warned.some((message) => message.includes('"tags" of 1 name the pack has no icon or alias of'))).toBe(true);
    expect(warned.some((message) => message.includes('"tags" of 1 name not given as a list of strings'))).toBe(true);

    expect(await meaning('mainsail', 'crew')).toEqual([]);
    await reloadAfter(() => writeFileSync(join(packs, 'crew', 'pack.json'), JSON.stringify({ name: 'Crew', tags: { square: ['mainsail'] } })));
    expect(await meaning('mainsail', 'crew')).toEqual(['crew:square']);
  });

  it('serves a new pack file once the reload after it is logged', async () => {
    await reloadAfter(() => cpSync(join(FIXTURE_PACKS, 'fixture-repairs.json'), join(packs, 'fixture-repairs.json')));
    expect((await get('/r/fixture-repairs.json')).status).toBe(200);
  });

  it('keeps serving the last good version of a pack whose file breaks, with a log line naming it before the reload', async () => {
    const good = await get('/r/fixture-shapes.json');
    const file = join(packs, 'fixture-shapes.json');
    const reload = await reloadAfter(() => writeFileSync(file, readFileSync(file, 'utf8').slice(0, 100)));
    const named = server.logs.findIndex((line) => line.file === file && String(line.msg).includes('still serving its last good version'));
    expect(named).toBeGreaterThanOrEqual(0);
    expect(named).toBeLessThan(server.logs.indexOf(reload));
    const served = await get('/r/fixture-shapes.json');
    expect(served.status).toBe(200);
    expect(served.etag).toBe(good.etag);
    expect(served.body).toBe(good.body);
    // Other packs were rebuilt and served meanwhile.
    expect((await get('/r/crew/square.json')).status).toBe(200);
  });

  it('changes nothing served when an SVG file it refuses is added to a folder, or one is saved again unchanged: no new date or revision', async () => {
    const before = await get('/r/crew.json');
    const revisions = async () => (JSON.parse((await get('/r/changes.json?pack=crew')).body) as { revisions: unknown[] }).revisions.length;
    const kept = await revisions();
    expect(kept).toBeGreaterThan(0);
    const refused = join(packs, 'crew', 'refused.svg');
    await reloadAfter(() => writeFileSync(refused, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(server.logs.some((line) => line.file === refused && String(line.msg).includes('rejected'))).toBe(true);
    const after = await get('/r/crew.json');
    expect([after.etag, after.body]).toEqual([before.etag, before.body]);
    expect(await revisions()).toBe(kept);
    await reloadAfter(() => rmSync(refused));
    expect((await get('/r/crew.json')).etag).toBe(before.etag);
    // Saved again as it was: a later time, the same drawing.
    await reloadAfter(() => writeFileSync(join(packs, 'crew', 'square.svg'), SQUARE));
    expect((await get('/r/crew.json')).etag).toBe(before.etag);
    expect(await revisions()).toBe(kept);
    // The pack's own version alone changed (its document names the revision in its place): the Iconify API's routes show it.
    await reloadAfter(() =>
      writeFileSync(join(packs, 'crew', 'pack.json'), JSON.stringify({ name: 'Crew', version: '2.0.0', tags: { square: ['mainsail'] } })),
    );
    expect((JSON.parse((await get('/collections')).body) as Record<string, { version?: string }>).crew?.version).toBe('2.0.0');
  });

  it('follows a file saved by renaming another over it, as editors save, and every change after it, in a folder and at the top', async () => {
    const savedByRename = (path: string, text: string) => {
      writeFileSync(`${path}.swp`, text);
      renameSync(`${path}.swp`, path);
    };
    const svg = join(packs, 'crew', 'saved.svg');
    await reloadAfter(() => writeFileSync(svg, SQUARE));
    await reloadAfter(() => savedByRename(svg, CIRCLE));
    expect((await get('/r/crew/saved.json')).body).toContain('circle');
    await reloadAfter(() => writeFileSync(svg, SQUARE));
    expect((await get('/r/crew/saved.json')).body).toContain('M4 4h16v16H4z');
    await reloadAfter(() => rmSync(svg));
    expect((await get('/r/crew/saved.json')).status).toBe(404);

    const json = join(packs, 'saved.json');
    const pack = (name: string) => JSON.stringify({ prefix: 'saved', icons: { [name]: { body: '<path d="M4 4h16v16H4z"/>' } }, width: 24, height: 24 });
    await reloadAfter(() => writeFileSync(json, pack('first')));
    await reloadAfter(() => savedByRename(json, pack('second')));
    expect((await get('/r/saved/second.json')).status).toBe(200);
    await reloadAfter(() => writeFileSync(json, pack('third')));
    expect((await get('/r/saved/third.json')).status).toBe(200);
    await reloadAfter(() => rmSync(json));
    expect((await get('/r/saved.json')).status).toBe(404);

    // Another folder renamed in its place, as a deploy swaps a release in: the new folder is watched, not the old one.
    const folder = join(packs, 'swapped');
    await reloadAfter(() => {
      mkdirSync(folder);
      writeFileSync(join(folder, 'first.svg'), SQUARE);
    });
    const next = join(TEST_TMP, 'swapped-next');
    rmSync(next, { recursive: true, force: true });
    mkdirSync(next);
    writeFileSync(join(next, 'second.svg'), SQUARE);
    await reloadAfter(() => {
      rmSync(join(folder, 'first.svg'));
      renameSync(next, folder);
    });
    await reloadAfter(() => writeFileSync(join(folder, 'third.svg'), CIRCLE));
    expect((await get('/r/swapped/third.json')).status).toBe(200);
    expect((await get('/r/swapped/first.json')).status).toBe(404);
  });

  it('gives a default pack back once an own pack that replaced it is gone: its revision served, pinned and installed, its past as it was', async () => {
    const pack = 'svg-spinners';
    const catalogRevision = defaultRevisionName(locateDefaultCatalog().version);
    const original = await get(`/r/${pack}.json`);
    const [name] = Object.keys((JSON.parse(original.body) as IconifyJSON).icons) as [string];
    const originalIcon = await get(`/r/${pack}/${name}.json`);
    const before = new Date().toISOString();
    const file = join(packs, `${pack}.json`);
    // Beside it, an own pack of an id of its own, removed with it.
    const gone = join(packs, 'gone.json');
    await reloadAfter(() => {
      writeFileSync(file, JSON.stringify({ prefix: pack, icons: { [name]: { body: '<path d="M4 4h16v16H4z"/>' } }, width: 24, height: 24 }));
      writeFileSync(gone, JSON.stringify({ prefix: 'gone', icons: { dot: { body: '<circle cx="12" cy="12" r="3"/>' } }, width: 24, height: 24 }));
    });
    const during = new Date().toISOString();
    const replacedIcon = await get(`/r/${pack}/${name}.json`);
    expect(replacedIcon.body).toContain('M4 4h16v16H4z');
    await reloadAfter(() => {
      rmSync(file);
      rmSync(gone);
    });
    const after = new Date().toISOString();

    expect((await get(`/r/${pack}.json`)).body).toBe(original.body);
    const latest = await fetch(`${server.base}/r/${pack}@latest/${name}.json`, { redirect: 'manual' });
    expect(latest.headers.get('location')).toBe(`/r/${pack}@${catalogRevision}/${name}.json`);
    const pinned = await get(`/r/${pack}@${catalogRevision}/${name}.json`);
    expect(pinned.status).toBe(200);
    expect(JSON.parse(pinned.body).body).toBe(JSON.parse(originalIcon.body).body);
    const packument = JSON.parse((await get(`/npm/@iconify-json/${pack}`)).body) as { 'dist-tags': { latest: string } };
    expect(packument['dist-tags'].latest).toBe(npmVersionOf(catalogRevision));

    await new Promise((resolve) => setTimeout(resolve, Date.parse(after) + MOMENT_SETTLES_MS + 100 - Date.now()));
    const bodyAt = async (moment: string) => {
      const answer = await get(`/at/${moment}/r/${pack}/${name}.json`);
      expect(answer.status, moment).toBe(200);
      return JSON.parse(answer.body).body;
    };
    expect(await bodyAt(before)).toBe(JSON.parse(originalIcon.body).body);
    expect(await bodyAt(during)).toBe(JSON.parse(replacedIcon.body).body);
    expect(await bodyAt(after)).toBe(JSON.parse(originalIcon.body).body);
    // An own pack removed since is absent at every moment, as it is now: whether a caller may see a pack is known only of those served.
    for (const moment of [during, after]) expect(JSON.parse((await get(`/at/${moment}/r/gone/dot.json`)).body).code).toBe('pack_not_found');
  });

  it('stays ready while a reload prepares the search of the new packs', async () => {
    const answers: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) answers.push((await fetch(`${server.base}/healthz`)).status);
    })();
    await reloadAfter(() => writeFileSync(join(packs, 'crew', 'ready-check.svg'), SQUARE));
    polling = false;
    await poll;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  });

  it('answers at more past moments than it keeps the catalogs of, the first of them again after the others', async () => {
    const dot = (radius: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="${radius}" fill="#000"/></svg>`;
    mkdirSync(join(packs, 'dots'), { recursive: true });
    // A moment after each change is served, each serving another revision of the pack: a catalog of its own at each but the last.
    const moments: string[] = [];
    for (let radius = 1; radius <= KEPT_CATALOGS + 2; radius++) {
      await reloadAfter(() => writeFileSync(join(packs, 'dots', 'dot.svg'), dot(radius)));
      moments.push(new Date().toISOString());
    }
    // Asked once the last moment has settled, each moment in turn, then the first again on routes it has not answered yet.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(moments.at(-1) as string) + MOMENT_SETTLES_MS + 100 - Date.now()));
    const drawnAt = async (moment: string, path: string) => {
      const answer = await get(`/at/${moment}${path}`);
      return [answer.status, answer.body.match(/r=\\?"(\d+)\\?"/)?.[1]];
    };
    for (const [i, moment] of moments.entries()) expect(await drawnAt(moment, '/r/dots/dot.json'), moment).toEqual([200, String(i + 1)]);
    for (const path of ['/r/dots.json', '/dots.json?icons=dot', '/dots/dot.svg']) expect(await drawnAt(moments[0] as string, path), path).toEqual([200, '1']);
  });

  it('wrote no error log line, and no request waited for the search of a reloaded catalog to be read', () => {
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    // Each reload prepared the search of its catalog before putting it in place (src/cli/main.ts logs a request that waited).
    expect(server.logs.filter((line) => line.msg === 'a request waited for the search of the catalog to be read: it had not been prepared')).toEqual([]);
  });
});

describe('serve --watch --workers 2', () => {
  it('rebuilds once in the primary and has every worker serve the change', async () => {
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
      await cluster.logLine(isReload, HANG_GUARD_MS);
      // The primary logs the reload once it has told the workers, which reopen the catalog as the message reaches them.
      // Each request on a new connection, so that both workers answer some of them.
      const everyWorkerServes = async () => (await Promise.all(Array.from({ length: 6 }, () => getOnNewConnection(url)))).every((status) => status === 200);
      await expect.poll(everyWorkerServes, { interval: 50, timeout: HANG_GUARD_MS }).toBe(true);
      expect(cluster.logs.filter((line) => line.msg === 'own packs reloaded')).toHaveLength(1);
    } finally {
      expect(await cluster.close()).toBe(0);
    }
  });
});

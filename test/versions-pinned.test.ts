import type { IconifyJSON } from '@iconify/types';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { expectedChanges, localNpmRegistry, lucideSet, lucideTarball } from './helpers/npm-fixtures.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { freshShadcnProject, runShadcn } from './helpers/shadcn-cli.js';
import { startShadcnColors } from './helpers/shadcn-colors.js';
import { CATALOG_REVISION, readDefaultPack, referenceSvg } from './helpers/sources.js';
import { get, runUpdate, servedWithin as servedWithinGuarded, svgOf, UPDATE_COMMAND_LINE } from './helpers/update-command.js';

/*
 * Versions on real data, through the real command line and server: the test
 * catalog's lucide (as @iconify/json has it), then @iconify-json/lucide
 * 1.2.100 and 1.2.137 from their tarballs (`update --from`), and from a
 * registry on 127.0.0.1 that npm is pointed at. Between the two,
 * lucide:trash kept its name and took trash-2's glyph. How quickly a server
 * serves an update, and its answers while one runs, are measured alone
 * (versions.test.ts).
 */

const OLD = '1.2.100';
const NEW = '1.2.137';
/**
 * Not a speed bound: how soon a server serves an update is measured by
 * versions.test.ts, alone; here only so that a reload that never comes
 * fails with a message rather than at the test's timeout.
 */
const HANG_GUARD_MS = 60_000;

/** `icon-registry update` at the normal priority: what is checked here is what it writes and what the server then serves. */
const update = (dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}) => runUpdate(UPDATE_COMMAND_LINE, dataDir, args, env);
const servedWithin = (server: TestServer, path: string, svg: string) => servedWithinGuarded(server, path, svg, HANG_GUARD_MS);

/** A zip's bytes as the server sends them (made as it is sent: chunked). */
async function zipBytes(server: TestServer, path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.base}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** One file of a zip, as text. */
const fileOf = (zip: Buffer, path: string) => Buffer.from(unzipSync(zip)[path] ?? []).toString('utf8');

/** The path data of a drawing, as a set: what tells one glyph from another, whatever markup holds it (SVG or JSX). */
const pathData = (markup: string) => new Set([...markup.matchAll(/\bd="([^"]+)"/g)].map((match) => match[1]));

/** The moments the tests pass through, and what the registry answered then, for `/at/{moment}/`. */
interface Moment {
  at: string;
  answers: Map<string, string>;
}

/** Paths asked again at past moments: an Iconify answer, a document, a component and a search. */
const PAST_PATHS = ['/lucide.json?icons=trash,calendar', '/r/lucide/trash.json', '/r/vue/lucide/calendar.json', '/search?query=trash&prefix=lucide'];

describe('versions: update without a restart, pinned addresses and what changed', () => {
  let dataDir: string;
  let server: TestServer;
  const moments: Moment[] = [];
  /** Notes what the registry answers now to PAST_PATHS, at an instant between two of its answers. */
  const noteMoment = async () => {
    const answers = new Map<string, string>();
    for (const path of PAST_PATHS) answers.set(path, (await get(server, path)).text);
    const at = new Date().toISOString();
    // Asked again after the instant, so that no update falls between the answers and it.
    for (const path of PAST_PATHS) expect((await get(server, path)).text, path).toBe(answers.get(path));
    moments.push({ at, answers });
  };
  const oldSet = lucideSet(OLD);
  const newSet = lucideSet(NEW);
  /** Every name the older package has, icons and aliases. */
  const oldNames = new Set([...Object.keys(oldSet.icons), ...Object.keys(oldSet.aliases ?? {})]);
  const catalogSet = readDefaultPack('lucide');
  const catalogRevision = CATALOG_REVISION;

  beforeAll(async () => {
    dataDir = dataDirWithDefaultCatalog('versions-pinned');
    server = await startTestServer({ dataDir, packsDir: null });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The catalog's revision at its pinned addresses before any update: the same bytes are expected once the history keeps it. */
  const catalogPinned = new Map<string, { text: string; lastModified: string | null }>();
  const catalogPinnedPaths = [`/r/lucide@${CATALOG_REVISION}.json`, `/r/lucide@${CATALOG_REVISION}/trash.json`, `/r/vue/lucide@${CATALOG_REVISION}/trash.json`];
  /** The catalog's revision as lucide's history listed it before any update. */
  let catalogHistoryItem: Record<string, unknown> | undefined;

  it('names the catalog’s revision before any update, and serves it pinned, the only version it has', async () => {
    const index = JSON.parse((await get(server, '/r/registry.json')).text) as Array<{ id: string; version?: string }>;
    expect(index.find((entry) => entry.id === 'lucide')?.version).toBe(CATALOG_REVISION);
    const unpinned = (await get(server, '/r/lucide.json')).text;
    expect((JSON.parse(unpinned) as IconifyJSON).info?.version).toBe(CATALOG_REVISION);
    for (const path of catalogPinnedPaths) {
      const answer = await get(server, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      catalogPinned.set(path, { text: answer.text, lastModified: answer.headers.get('last-modified') });
    }
    // The pinned document is the catalog's, in the order a kept revision's document has: root fields, then icons and aliases by name.
    const pinned = JSON.parse(catalogPinned.get(catalogPinnedPaths[0] as string)?.text ?? '') as IconifyJSON;
    expect(pinned).toEqual(JSON.parse(unpinned));
    expect(Object.keys(pinned.icons)).toEqual(Object.keys(catalogSet.icons).sort());
    expect(svgOf(catalogPinned.get(catalogPinnedPaths[1] as string)?.text ?? '')).toBe(referenceSvg(catalogSet, 'trash').svg);
    expect((await get(server, '/r/lucide@latest.json')).headers.get('location')).toBe(`/r/lucide@${CATALOG_REVISION}.json`);
    const answer = await get(server, `/r/lucide@${OLD}/trash.json`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'unknown_version', suggestions: [CATALOG_REVISION] });
    // Its history lists that revision, served, and its changes compare from it, as they will once the history keeps it.
    const history = JSON.parse((await get(server, '/r/changes.json?pack=lucide')).text) as { revisions: Array<Record<string, unknown>> };
    expect(history).toMatchObject({ pack: 'lucide', served: CATALOG_REVISION, before: null, next: null });
    expect(history.revisions).toEqual([
      { pack: 'lucide', version: CATALOG_REVISION, previous: null, recorded: expect.any(String), added: 0, hidden: 0, renamed: 0, changed: 0 },
    ]);
    catalogHistoryItem = history.revisions[0];
    // A pinned icon has no preview: its 404 names its pinned SVG and the preview served now, or is its document's problem.
    const preview = await get(server, `/r/lucide@${CATALOG_REVISION}/trash.png?size=32`);
    expect([preview.status, JSON.parse(preview.text)]).toEqual([
      404,
      expect.objectContaining({
        code: 'no_preview',
        detail: `A revision's icons have no previews: '/r/lucide@${CATALOG_REVISION}/trash.json' has the SVG of 'lucide:trash' at '${CATALOG_REVISION}', and '/r/lucide/trash.png' previews the revision served now.`,
      }),
    ]);
    for (const path of ['/r/no-such-pack@1.0.0/home', '/r/lucide@9.9.9/trash', `/r/lucide@${CATALOG_REVISION}/trahs`]) {
      const [png, json] = [await get(server, `${path}.png`), await get(server, `${path}.json`)];
      expect([png.status, png.text], path).toEqual([404, json.text]);
    }
    // `latest` (as a range would) stands for the revision it resolves to: a name that revision lacks is its miss.
    expect((await get(server, '/r/lucide@latest/trahs.png')).text).toBe((await get(server, `/r/lucide@${CATALOG_REVISION}/trahs.json`)).text);
    expect(JSON.parse((await get(server, '/r/lucide@latest/trash.png')).text).detail).toContain(`'/r/lucide@${CATALOG_REVISION}/trash.json' has the SVG`);
    // So the versions' links of /llms.txt answer on a registry no update has touched: `latest` redirects, the history lists.
    const llms = (await get(server, '/llms.txt')).text;
    const versionLinks = [...llms.slice(llms.indexOf('## Versions'), llms.indexOf('## Optional')).matchAll(/\]\(([^)]+)\)/g)].map(
      (match) => match[1] as string,
    );
    expect(versionLinks).toEqual(['/r/lucide@latest/trash.json', '/r/changes.json?pack=lucide']);
    const latest = await get(server, versionLinks[0] as string);
    expect([latest.status, latest.headers.get('location')]).toEqual([302, `/r/lucide@${CATALOG_REVISION}/trash.json`]);
    expect((await get(server, versionLinks[1] as string)).status).toBe(200);
    expect(JSON.parse((await get(server, `/r/changes.json?pack=lucide&from=${CATALOG_REVISION}`)).text)).toEqual({
      pack: 'lucide',
      from: CATALOG_REVISION,
      to: CATALOG_REVISION,
      added: [],
      hidden: [],
      renamed: [],
      changed: [],
    });
  });

  it('serves an older package at the unpinned addresses after `update --from` without a restart, and keeps the catalog’s revision', async () => {
    expect(svgOf((await get(server, '/r/lucide/trash.json')).text)).toBe(referenceSvg(catalogSet, 'trash').svg);
    await noteMoment();
    const run = await update(dataDir, ['--from', lucideTarball(OLD)]);
    expect(run).toEqual({ status: 0, stderr: expect.stringContaining(`lucide: serving ${OLD}`) });
    const took = await servedWithin(server, '/r/lucide/trash.json', referenceSvg(oldSet, 'trash').svg);
    console.log(`update served after ${took} ms`);
    // The revision the catalog served before is kept under its own name, its pinned addresses answering as before the update.
    for (const path of catalogPinnedPaths) {
      const answer = await get(server, path);
      expect({ text: answer.text, lastModified: answer.headers.get('last-modified') }, path).toEqual(catalogPinned.get(path));
    }
    // And the history lists it as it did, before the one the update served.
    const history = JSON.parse((await get(server, '/r/changes.json?pack=lucide')).text) as { revisions: Array<Record<string, unknown>> };
    expect(history.revisions.map(({ version }) => version)).toEqual([OLD, CATALOG_REVISION]);
    expect(history.revisions[1]).toEqual(catalogHistoryItem);
  });

  it('serves each pinned revision byte for byte as @iconify/utils draws its data, for good, once newer ones are served', async () => {
    const pinnedOld = await get(server, `/r/lucide@${OLD}/trash.json`);
    expect(pinnedOld.status).toBe(200);
    expect(pinnedOld.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(svgOf(pinnedOld.text)).toBe(referenceSvg(oldSet, 'trash').svg);
    await noteMoment();
    expect((await update(dataDir, ['--from', lucideTarball(NEW)])).status).toBe(0);
    await servedWithin(server, '/r/lucide/trash.json', referenceSvg(newSet, 'trash').svg);
    await noteMoment();
    expect(referenceSvg(newSet, 'trash').svg).not.toBe(referenceSvg(oldSet, 'trash').svg);
    expect(referenceSvg(newSet, 'trash').svg).toBe(referenceSvg(oldSet, 'trash-2').svg);
    const again = await get(server, `/r/lucide@${OLD}/trash.json`);
    expect(again.text).toBe(pinnedOld.text);
    expect(svgOf((await get(server, `/r/lucide@${NEW}/trash.json`)).text)).toBe(referenceSvg(newSet, 'trash').svg);
    // Each pinned icon says its state then; one a newer revision draws otherwise says so beside its body, which stays as it was.
    const stateOf = async (path: string) => JSON.parse((await get(server, path)).text) as { state: string; successor?: string };
    expect(await stateOf(`/r/lucide@${OLD}/trash-2.json`)).toMatchObject({ state: 'active' });
    expect(await stateOf(`/r/lucide@${NEW}/trash-2.json`)).toMatchObject({ state: 'renamed', successor: 'trash' });
    expect(await stateOf(`/r/lucide@${NEW}/album.json`)).toMatchObject({ state: 'hidden' });
    expect(again.headers.get('link')).toBe(`</r/lucide@${NEW}/trash.json>; rel="latest-version"`);
    const diff = expectedChanges(oldSet, newSet);
    const touched = new Set([...diff.changed, ...diff.hidden, ...diff.renamed.map(({ name }) => name)]);
    const unchanged = Object.keys(oldSet.icons).find((name) => !touched.has(name)) as string;
    expect((await get(server, `/r/lucide@${OLD}/${unchanged}.json`)).headers.get('link')).toBeNull();
    expect((await get(server, `/r/lucide@${NEW}/trash.json`)).headers.get('link')).toBeNull();
    // The component names the revision in its licence comment.
    const vue = JSON.parse((await get(server, `/r/vue/lucide@${OLD}/trash.json`)).text) as { files: Array<{ content: string }> };
    expect(vue.files[0]?.content).toContain(`lucide@${OLD}:trash`);
  });

  it('redirects a range to the newest revision it matches, briefly cached, and lists the kept revisions for an unknown one', async () => {
    const range = await get(server, '/r/lucide@^1.2.100/trash.json');
    expect(range.status).toBe(302);
    expect(range.headers.get('location')).toBe(`/r/lucide@${NEW}/trash.json`);
    expect(range.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await get(server, '/r/lucide@latest.json')).headers.get('location')).toBe(`/r/lucide@${NEW}.json`);
    // The npm version a package.json names the catalog's revision by redirects to that revision, as a range does.
    const npmName = await get(server, `/r/lucide@0.0.0-${catalogRevision.replace('-', '.')}/trash.json`);
    expect([npmName.status, npmName.headers.get('location'), npmName.headers.get('cache-control')]).toEqual([
      302,
      `/r/lucide@${catalogRevision}/trash.json`,
      'public, max-age=60',
    ]);
    // And a range of such versions, as npm writes one into a package.json.
    const npmRange = await get(server, `/r/lucide@%5E0.0.0-${catalogRevision.replace('-', '.')}/trash.json`);
    expect([npmRange.status, npmRange.headers.get('location')]).toEqual([302, `/r/lucide@${catalogRevision}/trash.json`]);
    const unknown = await get(server, '/r/lucide@9.9.9/trash.json');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 'unknown_version', suggestions: [NEW, OLD, catalogRevision] });
    const noMatch = JSON.parse((await get(server, '/r/lucide@^9.0.0/trash.json')).text) as { code: string; detail: string };
    expect(noMatch).toMatchObject({ code: 'unknown_version', suggestions: [NEW, OLD, catalogRevision] });
    expect(noMatch.detail).toBe("Pack 'lucide' has no kept revision matching the range '^9.0.0'; the registry keeps 3: see suggestions, newest first.");
    // An address with nothing after its '@' is the pack's, pinned to no revision: not a pack called `lucide@`; so is an empty `from`.
    for (const path of ['/r/lucide@.json', '/r/lucide@/trash.json', '/r/vue/lucide@/trash.json', '/r/lucide@.zip', '/r/changes.json?pack=lucide&from=']) {
      const bare = await get(server, path);
      expect([bare.status, JSON.parse(bare.text)], path).toEqual([
        404,
        expect.objectContaining({
          code: 'unknown_version',
          detail: "The address names no revision of pack 'lucide'; the registry keeps 3: see suggestions, newest first.",
          suggestions: [NEW, OLD, catalogRevision],
        }),
      ]);
    }
    // A name the revision lacks: as an unpinned miss, with the closest names that revision had, pinned as the address was.
    const miss = await get(server, `/r/lucide@${OLD}/trahs.json`);
    expect(miss.status).toBe(404);
    const missed = JSON.parse(miss.text) as { code: string; suggestions: string[] };
    expect(missed.code).toBe('icon_not_found');
    expect(missed.suggestions[0]).toBe(`lucide@${OLD}:trash`);
    expect(missed.suggestions.filter((id) => !oldNames.has(id.replace(`lucide@${OLD}:`, '')))).toEqual([]);
    const pack = JSON.parse((await get(server, `/r/lucide@${OLD}.json`)).text) as { icons: Record<string, { body: string }>; info: { version: string } };
    expect(pack.info.version).toBe(OLD);
    expect(pack.icons.trash?.body).toBe(oldSet.icons.trash?.body);
  });

  it('tells what changed between the two packages, as a diff made here from the tarballs says, each kind in full', async () => {
    const answer = JSON.parse((await get(server, `/r/changes.json?pack=lucide&from=${OLD}&to=${NEW}`)).text) as Record<string, unknown>;
    expect(answer).toEqual({ pack: 'lucide', from: OLD, to: NEW, ...expectedChanges(oldSet, newSet) });
    const used = JSON.parse((await get(server, `/r/changes.json?pack=lucide&from=${OLD}&icons=trash,trash-2,house`)).text) as Record<string, unknown>;
    expect(used).toEqual({ pack: 'lucide', from: OLD, to: NEW, added: [], hidden: [], renamed: [{ name: 'trash-2', to: 'trash' }], changed: ['trash'] });
    const feed = JSON.parse((await get(server, '/r/changes.json')).text) as { revisions: Array<{ pack: string; version: string; previous: string }> };
    expect(feed.revisions.map(({ pack, version, previous }) => [pack, version, previous])).toEqual([
      ['lucide', NEW, OLD],
      ['lucide', OLD, catalogRevision],
      ['lucide', catalogRevision, null],
    ]);
  });

  it('holds a pack back to a kept revision without fetching anything, and moves it to the newest from the registry npm is set up for', async () => {
    const offline = { npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' };
    const before = await fetch(`${server.base}/r/lucide/trash.json`);
    const newerDate = before.headers.get('last-modified') as string;
    expect(await update(dataDir, [`lucide@${OLD}`], offline)).toEqual({ status: 0, stderr: expect.stringContaining(`lucide: serving ${OLD} (kept)`) });
    await servedWithin(server, '/r/lucide/trash.json', referenceSvg(oldSet, 'trash').svg);
    // The older revision is dated earlier: a cache revalidating by the date it holds is given the older glyph, not a 304.
    const held = await fetch(`${server.base}/r/lucide/trash.json`, { headers: { 'if-modified-since': newerDate } });
    expect(held.status).toBe(200);
    expect(Date.parse(held.headers.get('last-modified') as string)).toBeLessThan(Date.parse(newerDate));
    // A newer revision pinned points to the one served now, older as it is, where that one draws the icon otherwise.
    expect((await get(server, `/r/lucide@${NEW}/trash.json`)).headers.get('link')).toBe(`</r/lucide@${OLD}/trash.json>; rel="latest-version"`);
    expect((await get(server, `/r/lucide@${CATALOG_REVISION}/trash.json`)).headers.get('link')).toBe(`</r/lucide@${OLD}/trash.json>; rel="latest-version"`);
    expect((await get(server, `/r/lucide@${OLD}/trash.json`)).headers.get('link')).toBeNull();
    // Another pack's icon of the same name at its revision of the same name: its own link (none, as it serves that revision), not lucide's.
    expect((await get(server, `/r/tabler@${CATALOG_REVISION}/trash.json`)).headers.get('link')).toBeNull();
    // A name the revision served now lacks has no address there: no link, and no preview of it named.
    const onlyNewer = Object.keys(newSet.icons).find((name) => !oldNames.has(name)) as string;
    const newer = await get(server, `/r/lucide@${NEW}/${onlyNewer}.json`);
    expect([newer.status, newer.headers.get('link')]).toEqual([200, null]);
    expect(JSON.parse((await get(server, `/r/lucide@${NEW}/${onlyNewer}.png`)).text).detail).toMatch(/, and the revision served now has no such icon\.$/);
    const registry = await localNpmRegistry();
    try {
      const run = await update(dataDir, ['lucide'], { npm_config_registry: registry.url });
      expect(run).toEqual({ status: 0, stderr: expect.stringContaining(`lucide: serving ${NEW} (npm:@iconify-json/lucide@${NEW})`) });
      await servedWithin(server, '/r/lucide/trash.json', referenceSvg(newSet, 'trash').svg);
      const unknown = await update(dataDir, ['lucide@9.9.9'], { npm_config_registry: registry.url });
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/update failed, nothing changed: could not fetch @iconify-json\/lucide@9\.9\.9: .*No matching version/);
    } finally {
      await registry.close();
    }
  });

  it('changes nothing for a broken source, and says why', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'broken-packages-'));
    try {
      const truncated = join(scratch, 'truncated.tgz');
      writeFileSync(truncated, readFileSync(lucideTarball(OLD)).subarray(0, 40_000));
      const badIcons = join(scratch, 'bad-icons.tgz');
      const unpacked = join(scratch, 'unpacked');
      spawnSync('mkdir', ['-p', unpacked]);
      spawnSync('tar', ['xzf', lucideTarball(OLD), '-C', unpacked]);
      writeFileSync(join(unpacked, 'package', 'icons.json'), '{"prefix": "lucide", "icons": ');
      spawnSync('tar', ['czf', badIcons, '-C', unpacked, 'package']);
      const before = (await get(server, '/r/changes.json')).text;
      const served = (await get(server, '/r/lucide/trash.json')).text;
      const cases: Array<[string[], NodeJS.ProcessEnv, RegExp]> = [
        [['--from', truncated], {}, /truncated\.tgz is not a package tarball that can be read: .*unexpected end of file/],
        [['--from', badIcons], {}, /icons\.json is not valid JSON/],
        [['--from', join(scratch, 'missing.tgz')], {}, /missing\.tgz: no such file/],
        [
          ['lucide@1.2.99'],
          { npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' },
          /could not fetch @iconify-json\/lucide@1\.2\.99: .*ECONNREFUSED/,
        ],
        // A good package beside a broken one: neither is kept.
        [['--from', `${lucideTarball(OLD)},${truncated}`], {}, /truncated\.tgz is not a package tarball/],
      ];
      for (const [args, env, reason] of cases) {
        const run = await update(dataDir, args, env);
        expect(run.status, args.join(' ')).toBe(1);
        expect(run.stderr, args.join(' ')).toMatch(/^icon-registry: update failed, nothing changed: /);
        expect(run.stderr, args.join(' ')).toMatch(reason);
      }
      expect((await get(server, '/r/changes.json')).text).toBe(before);
      expect((await get(server, '/r/lucide/trash.json')).text).toBe(served);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('serves each revision as a zip of its glyphs, the same bytes at every request and after a restart', async () => {
    // Served now: NEW (the tests before). The pinned zip draws what OLD drew, the unpinned one what NEW draws.
    const pinned = await zipBytes(server, `/r/lucide@${OLD}.zip`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(fileOf(pinned.bytes, 'lucide/trash.svg')).toBe(referenceSvg(oldSet, 'trash').svg);
    expect(fileOf((await zipBytes(server, '/r/lucide.zip')).bytes, 'lucide/trash.svg')).toBe(referenceSvg(newSet, 'trash').svg);
    expect((await zipBytes(server, `/r/lucide@${OLD}.zip`)).bytes.equals(pinned.bytes)).toBe(true);
    const range = await zipBytes(server, '/r/lucide@^1.2.100.zip');
    expect([range.status, range.headers.get('location'), range.headers.get('cache-control')]).toEqual([302, `/r/lucide@${NEW}.zip`, 'public, max-age=60']);
    expect(JSON.parse((await zipBytes(server, '/r/lucide@9.9.9.zip')).bytes.toString())).toMatchObject({
      code: 'unknown_version',
      suggestions: [NEW, OLD, catalogRevision],
    });
    await server.close();
    server = await startTestServer({ dataDir, packsDir: null });
    const restarted = await zipBytes(server, `/r/lucide@${OLD}.zip`);
    expect(restarted.headers.get('etag')).toBe(pinned.headers.get('etag'));
    expect(restarted.bytes.equals(pinned.bytes)).toBe(true);
  });

  it('has `npx shadcn add` of a pinned URL install the glyph of that revision, its licence comment naming it, where the unpinned URL installs the current one', async () => {
    const colors = await startShadcnColors();
    try {
      const project = freshShadcnProject('versions-shadcn');
      const installed = () => readFileSync(join(project, 'components', 'icons', 'lucide-trash.tsx'), 'utf8');
      const pinnedUrl = `${server.base}/r/lucide@${OLD}/trash.json`;
      const pinned = await runShadcn(colors.origin, project, 'add', pinnedUrl, '--yes', '--overwrite');
      expect(pinned.code, `${pinned.stdout}\n${pinned.stderr}`).toBe(0);
      const oldFile = installed();
      expect(oldFile).toBe((JSON.parse((await get(server, `/r/lucide@${OLD}/trash.json`)).text) as { react: string }).react);
      // The plain can: the path data @iconify/utils draws from 1.2.100's package, nothing of the lines the newer glyph adds.
      expect(pathData(oldFile)).toEqual(pathData(referenceSvg(oldSet, 'trash').body));
      expect(oldFile).toContain(`// lucide@${OLD}:trash: Lucide`);
      const current = await runShadcn(colors.origin, project, 'add', `${server.base}/r/lucide/trash.json`, '--yes', '--overwrite');
      expect(current.code, `${current.stdout}\n${current.stderr}`).toBe(0);
      expect(pathData(installed())).toEqual(pathData(referenceSvg(newSet, 'trash').body));
      expect(pathData(referenceSvg(newSet, 'trash').body)).not.toEqual(pathData(referenceSvg(oldSet, 'trash').body));
      expect(installed()).toContain('// lucide:trash: Lucide');
      // A misspelt pinned URL fails with the revision's closest names, written as the CLI is given them.
      const misspelt = await runShadcn(colors.origin, project, 'add', `${server.base}/r/lucide@${OLD}/trahs.json`, '--yes', '--overwrite');
      expect(misspelt.code).not.toBe(0);
      expect(`${misspelt.stdout}\n${misspelt.stderr}`).toContain(`Did you mean @icons/lucide@${OLD}/trash`);
      // Offline: what the CLI fetched beside the icons came from the local fixture.
      expect(colors.requests).toContain('/colors/neutral.json');
    } finally {
      await colors.close();
    }
  });

  it('answers under /at/{moment}/ as it answered at that moment, for good, and refuses moments it cannot answer for', async () => {
    expect(moments).toHaveLength(3);
    const last = Date.parse((moments.at(-1) as Moment).at);
    // A moment is answered once it is settled.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, last + 10_500 - Date.now())));
    for (const moment of moments) {
      for (const [path, then] of moment.answers) {
        const answer = await get(server, `/at/${moment.at}${path}`);
        expect(answer.status, `${moment.at} ${path}`).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(answer.text, `${moment.at} ${path}`).toBe(then);
      }
    }
    // The three moments drew three glyphs of lucide:trash: the catalog's, 1.2.100's and 1.2.137's.
    const drawn = moments.map((moment) => svgOf(moment.answers.get('/r/lucide/trash.json') as string));
    expect(drawn).toEqual([referenceSvg(catalogSet, 'trash').svg, referenceSvg(oldSet, 'trash').svg, referenceSvg(newSet, 'trash').svg]);
    // Pinned addresses at a moment know the revisions kept by then: an exact one kept later is unknown, a range and `latest` resolve as they did then.
    const [first, second, third] = moments.map((moment) => moment.at);
    const pinnedThen = async (at: string | undefined, version: string) => {
      const answer = await get(server, `/at/${at}/r/lucide@${version}/trash.json`);
      return answer.status === 302 ? [302, answer.headers.get('location')] : [answer.status, (JSON.parse(answer.text) as { code: string }).code];
    };
    expect(await pinnedThen(first, OLD)).toEqual([404, 'unknown_version']);
    expect(await pinnedThen(first, 'latest')).toEqual([302, `/at/${encodeURIComponent(first as string)}/r/lucide@${CATALOG_REVISION}/trash.json`]);
    expect(await pinnedThen(second, NEW)).toEqual([404, 'unknown_version']);
    expect(await pinnedThen(second, '^1.2.0')).toEqual([302, `/at/${encodeURIComponent(second as string)}/r/lucide@${OLD}/trash.json`]);
    expect(await pinnedThen(second, 'latest')).toEqual([302, `/at/${encodeURIComponent(second as string)}/r/lucide@${OLD}/trash.json`]);
    expect(await pinnedThen(third, 'latest')).toEqual([302, `/at/${encodeURIComponent(third as string)}/r/lucide@${NEW}/trash.json`]);
    expect((await get(server, `/at/${second}/r/lucide@${OLD}/trash.json`)).text).toBe((await get(server, `/r/lucide@${OLD}/trash.json`)).text);
    const problems: Array<[string, number, string]> = [
      ['/at/2000-01-01/r/lucide/trash.json', 404, 'before_first_revision'],
      ['/at/2999-01-01/r/lucide/trash.json', 404, 'moment_not_settled'],
      ['/at/yesterday/r/lucide/trash.json', 400, 'bad_request'],
      ['/at/2026-02-30/r/lucide/trash.json', 400, 'bad_request'],
      [`/at/${moments[0]?.at}/r/changes.json`, 404, 'not_at_a_moment'],
      [`/at/${moments[0]?.at}/r/changes.atom?pack=lucide`, 404, 'not_at_a_moment'],
      [`/at/${moments[0]?.at}/npm/@iconify-json/lucide`, 404, 'not_at_a_moment'],
      [`/at/${moments[0]?.at}/npm/@iconify-json/lucide/-/lucide-1.2.100.tgz`, 404, 'not_at_a_moment'],
    ];
    for (const [path, status, code] of problems) {
      const answer = await get(server, path);
      expect(answer.status, path).toBe(status);
      expect(JSON.parse(answer.text), path).toMatchObject({ code });
    }
  });
});

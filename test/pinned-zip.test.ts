import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { allNames, referenceSvg } from './helpers/sources.js';
import { lucideSet, lucideTarball } from './helpers/npm-fixtures.js';
import { CLI, FAST_CATALOG_DATA, TEST_TMP } from './helpers/paths.js';
import { inProcessSite, type SiteResponse } from './helpers/site.js';

/*
 * A revision of a pack as a zip, in process on the small catalog after
 * `icon-registry update --from` kept @iconify-json/lucide 1.2.100 (its
 * tarball from the npm registry): its files are the revision's glyphs,
 * as @iconify/utils draws the package's data, and its bytes are the
 * same at every request and for a registry opened anew over the same data.
 */

const OLD = '1.2.100';
const DATA = join(TEST_TMP, 'fast-pinned-zip');

beforeAll(() => {
  rmSync(DATA, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  linkSync(join(FAST_CATALOG_DATA, 'catalog.db'), join(DATA, 'catalog.db'));
  const run = spawnSync(process.execPath, [CLI, 'update', '--data', DATA, '--from', lucideTarball(OLD)], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
}, 60_000);

const site = inProcessSite({ dataDir: DATA });
/** Another registry over the same data directory, its own caches and its own reader of the history: as after a restart. */
const reopened = inProcessSite({ dataDir: DATA });

const oldSet = lucideSet(OLD);

/** The files of a zip, as text, by path. */
const filesOf = (zip: Buffer) => new Map(Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, Buffer.from(bytes).toString('utf8')]));

/**
 * The date and time each file of a zip is stored with, read from its
 * central directory (APPNOTE 4.3.12: the MS-DOS time at offset 12, the date
 * at 14, the name's length at 28, then the extra field's and comment's).
 */
function storedTimes(zip: Buffer): string[] {
  const times: string[] = [];
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1 && at < zip.length; ) {
    if (zip.readUInt32LE(at) !== 0x02014b50) break;
    const time = zip.readUInt16LE(at + 12);
    const date = zip.readUInt16LE(at + 14);
    const pad = (n: number) => String(n).padStart(2, '0');
    times.push(`${1980 + (date >> 9)}-${pad((date >> 5) & 15)}-${pad(date & 31)}T${pad(time >> 11)}:${pad((time >> 5) & 63)}:${pad((time & 31) * 2)}`);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return times;
}

/** An ISO instant as the zip format stores it: its UTC fields, to the even second below. */
function zipTimeOf(iso: string): string {
  const date = new Date(iso);
  date.setUTCSeconds(date.getUTCSeconds() - (date.getUTCSeconds() % 2), 0);
  return date.toISOString().slice(0, 19);
}

/** A zip asked for in process and over the socket, which must answer alike. */
async function zipOf(path: string, overSocket = true): Promise<SiteResponse> {
  const answer = overSocket ? await site.both(path) : await site.request(path);
  expect(answer.status, path).toBe(200);
  return answer;
}

describe('/r/{pack}@{version}.zip', () => {
  it("holds every icon and alias of the revision as @iconify/utils draws the package's data, immutable, dated when the revision was recorded", async () => {
    const answer = await zipOf(`/r/lucide@${OLD}.zip`);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const files = filesOf(answer.body);
    expect(files.get('lucide/trash.svg')).toBe(referenceSvg(oldSet, 'trash').svg);
    const names = allNames(oldSet).sort();
    expect([...files.keys()]).toEqual(names.map((name) => `lucide/${name}.svg`));
    for (const name of names) expect(files.get(`lucide/${name}.svg`), name).toBe(referenceSvg(oldSet, name).svg);
    // When the update recorded the revision, as the feed tells it.
    const feed = (await site.request('/r/changes.json')).json<{ revisions: Array<{ version: string; recorded: string }> }>();
    const recorded = feed.revisions.find((revision) => revision.version === OLD)?.recorded as string;
    expect(answer.headers['last-modified']).toBe(new Date(recorded).toUTCString());
    expect(new Set(storedTimes(answer.body))).toEqual(new Set([zipTimeOf(recorded)]));
    expect(storedTimes(answer.body)).toHaveLength(names.length);
  });

  it('is the same bytes at every request, and from a registry opened anew over the same data', async () => {
    const first = await zipOf(`/r/lucide@${OLD}.zip`);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const again = await zipOf(`/r/lucide@${OLD}.zip`);
    expect(again.body.equals(first.body)).toBe(true);
    const anew = await reopened.request(`/r/lucide@${OLD}.zip`);
    expect(anew.body.equals(first.body)).toBe(true);
    expect(anew.headers.etag).toBe(first.headers.etag);
    const revalidated = await site.request(`/r/lucide@${OLD}.zip`, { headers: { 'if-none-match': first.headers.etag as string } });
    expect(revalidated.status).toBe(304);
  });

  it("holds the revision's components with `format`, each what the pinned document holds, its licence comment naming the revision", async () => {
    const icon = (await site.request(`/r/lucide@${OLD}/trash.json`)).json<{ react: string }>();
    const react = filesOf((await zipOf(`/r/lucide@${OLD}.zip?format=react`, false)).body).get('lucide/trash.tsx');
    expect(react).toBe(icon.react);
    expect(react).toContain(`// lucide@${OLD}:trash: Lucide`);
    for (const [framework, extension] of [
      ['vue', 'vue'],
      ['svelte', 'svelte'],
      ['solid', 'tsx'],
      ['jsx', 'jsx'],
    ] as const) {
      const item = (await site.request(`/r/${framework}/lucide@${OLD}/trash.json`)).json<Record<string, string>>();
      const file = filesOf((await zipOf(`/r/lucide@${OLD}.zip?format=${framework}`, false)).body).get(`lucide/trash.${extension}`);
      expect(file, framework).toBe(item[framework]);
      expect(file, framework).toContain(`lucide@${OLD}:trash`);
    }
  });

  it('redirects a range or latest to the exact revision, query and all, cached for a minute', async () => {
    for (const version of ['^1', '1.2', 'latest']) {
      const answer = await site.both(`/r/lucide@${encodeURIComponent(version)}.zip?format=react`);
      expect(answer.status, version).toBe(302);
      expect(answer.headers.location, version).toBe(`/r/lucide@${OLD}.zip?format=react`);
      expect(answer.headers['cache-control'], version).toBe('public, max-age=60');
    }
    // A parameter the zip does not take is refused at once, not redirected to an address that refuses it.
    expect((await site.request('/r/lucide@%5E1.zip?foo=1')).status).toBe(400);
  });

  it('answers an unknown version, a pack without revisions and an unknown pack as the pinned documents do', async () => {
    const cases: Array<[zip: string, document: string]> = [
      ['/r/lucide@9.9.9.zip', '/r/lucide@9.9.9.json'],
      ['/r/mdi@1.0.0.zip', '/r/mdi@1.0.0.json'],
      [`/r/lucid@${OLD}.zip`, `/r/lucid@${OLD}.json`],
    ];
    for (const [zip, document] of cases) {
      const [fromZip, fromDocument] = [await site.both(zip), await site.request(document)];
      expect([fromZip.status, fromZip.text()], zip).toEqual([404, fromDocument.text()]);
    }
    expect((await site.request('/r/lucide@9.9.9.zip')).json()).toMatchObject({ code: 'unknown_version', suggestions: [OLD] });
    expect((await site.request(`/r/lucide@${OLD}.zip?format=png`)).json()).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

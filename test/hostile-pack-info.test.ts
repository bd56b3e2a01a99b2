import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { CLI, ROOT, TEST_TMP } from './helpers/paths.js';
import { inProcessSite } from './helpers/site.js';
import { OWN_REVISION } from './helpers/sources.js';

/*
 * What an own pack says of itself (`info`: name, author, licence) is
 * published in many places: the index, the pack document, each icon's
 * description, docs and React comment (which the shadcn CLI prints in a
 * terminal), the Iconify API's lists, the page's links. The two packs of
 * test/fixtures/hostile-info (an IconifyJSON file and a folder of SVG files)
 * put terminal escape sequences, C0 and C1 controls and bidirectional
 * overrides into that text and `javascript:` and `data:` URLs into its links.
 */

const JSON_PACK = 'hostile-info';
const FOLDER_PACK = 'hostile-info-svg';
const packs = join(TEST_TMP, 'hostile-info-packs');
const jsonFile = join(packs, `${JSON_PACK}.json`);
const folder = join(packs, FOLDER_PACK);

/** Control characters of any kind but the line feed (which the React source and docs hold), and the bidirectional overrides and isolates. */
const HOSTILE_CHARACTER = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE_TEXT = /javascript:|data:text|alert\(|owned|\[2J|\[31m/i;

/** Every string in a parsed JSON answer that holds a hostile character or text, with where it is. */
function hostileStrings(value: unknown, where: string): string[] {
  if (typeof value === 'string') return HOSTILE_CHARACTER.test(value) || HOSTILE_TEXT.test(value) ? [`${where}: ${JSON.stringify(value)}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => hostileStrings(item, `${where}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => hostileStrings(item, `${where}.${key}`));
  return [];
}

interface Entry {
  id: string;
  name: string;
  author: { name: string; url?: string };
  license: { title: string; spdx?: string; url?: string };
  category?: string;
  tags?: string[];
}

const DATA = 'hostile-info-data';
let buildLog: string;
beforeAll(async () => {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  cpSync(join(ROOT, 'test', 'fixtures', 'hostile-info'), packs, { recursive: true });
  const data = dataDirWithDefaultCatalog(DATA);
  const build = spawnSync(process.execPath, [CLI, 'build', '--data', data, '--packs', packs], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  buildLog = build.stderr;
});
/** What `serve` over that data directory answers, in process: made after the build above, as its hooks run in order. */
const site = inProcessSite({ dataDir: join(TEST_TMP, DATA) });

describe("an own pack's info", () => {
  it('is published as plain text with web links only, as written out here', async () => {
    const index = (await site.request('/r/registry.json')).json<Entry[]>();
    expect(index.find((entry) => entry.id === JSON_PACK)).toEqual({
      id: JSON_PACK,
      name: 'Hostile Info',
      total: 1,
      author: { name: 'Mallory' },
      license: { title: 'MIT (hidden)', spdx: 'MIT' },
      category: 'General',
      tags: ['Plain', 'Bold'],
      // The own pack's revision (see docs/versions.md).
      version: expect.stringMatching(OWN_REVISION),
    });
    expect(index.find((entry) => entry.id === FOLDER_PACK)).toEqual({
      id: FOLDER_PACK,
      name: 'Hostile SVG Info',
      total: 1,
      author: { name: 'Eve' },
      license: { title: 'CC BY 4.0', spdx: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      version: expect.stringMatching(OWN_REVISION),
    });
  });

  it('is changed with a build warning naming the file and each field', () => {
    const lines = buildLog.split('\n');
    for (const field of ['info.name', 'info.author.name', 'info.license.title', 'info.category', 'info.tags[1]']) {
      expect(lines).toContain(`warning ${jsonFile}: ${field}: control characters removed`);
    }
    expect(lines).toContain(`warning ${jsonFile}: info.author.url: dropped, not an http: or https: URL`);
    expect(lines).toContain(`warning ${jsonFile}: info.license.url: dropped, not an http: or https: URL`);
    for (const field of ['info.name', 'info.author.name', 'info.license.title']) {
      expect(lines).toContain(`warning ${folder}: ${field}: control characters removed`);
    }
    expect(lines).toContain(`warning ${folder}: info.author.url: dropped, not an http: or https: URL`);
    // The warnings name the fields, never their hostile text.
    expect(buildLog).not.toMatch(HOSTILE_CHARACTER);
  });

  it('reaches no published document with a control character or a hostile link', async () => {
    const paths = [
      '/r/registry.json',
      `/r/registry.json?q=${JSON_PACK}:home`,
      `/r/${JSON_PACK}.json`,
      `/r/${FOLDER_PACK}.json`,
      `/r/${JSON_PACK}/home.json`,
      `/r/${FOLDER_PACK}/dot.json`,
      `/collections?prefixes=${JSON_PACK},${FOLDER_PACK}`,
      `/collection?prefix=${JSON_PACK}&info=1`,
      `/collection?prefix=${FOLDER_PACK}&info=1`,
      `/search?query=home&prefix=${JSON_PACK}`,
    ];
    const found: string[] = [];
    const answers = new Map<string, unknown>();
    for (const path of paths) {
      const response = await site.request(path);
      expect(response.status, path).toBe(200);
      const json = response.json();
      answers.set(path, json);
      found.push(...hostileStrings(json, path));
    }
    expect(found).toEqual([]);
    // Each answer names the packs (so the check above looked at their text).
    for (const path of paths.slice(1)) expect(JSON.stringify(answers.get(path)), path).toMatch(/Hostile (SVG )?Info/);
    const icon = answers.get(`/r/${JSON_PACK}/home.json`) as { description: string; react: string };
    expect(icon.description).toBe('The home icon of Hostile Info by Mallory, licensed MIT (hidden), as a React component.');
    expect(icon.react).toContain('// hostile-info:home: Hostile Info by Mallory, licensed MIT (hidden).\n');
  });
});

describe('the Iconify CSS of names that are no icon names', () => {
  it('names them in no comment, so nothing of the query becomes CSS', async () => {
    const response = await site.request('/mdi.css?icons=home,no-such-icon,*/%20body%7Bcolor:red%7D%20/*');
    expect(response.status).toBe(200);
    const css = response.text();
    expect(css.replace(/\/\*[\s\S]*?\*\//g, '')).not.toContain('color:red');
    expect(css).toContain('.icon--mdi--home {');
    // A valid name that is missing keeps the reference's comment.
    expect(css).toContain('/* Could not find icon: no-such-icon */');
    expect(css).toContain('/* Could not find icon: (not an icon name) */');
  });
});

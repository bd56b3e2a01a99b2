import type { IconifyJSON } from '@iconify/types';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadComponent, renderComponent } from './helpers/components.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { findDangers, findDangersInReactSource } from './helpers/dangerous-markup.js';
import { bodyOf, hostileSvgFiles } from './helpers/hostile-svg-corpus.js';
import { mapLimit } from './helpers/http.js';
import { CLI, TEST_TMP } from './helpers/paths.js';
import { inProcessSite } from './helpers/site.js';
import { allNames } from './helpers/sources.js';

/*
 * Bodies that arrive in an IconifyJSON file are as untrusted as SVG files,
 * but they are not cleaned: an unsafe one is refused. The hostile corpus, as
 * bodies of one IconifyJSON file, must come out with nothing dangerous in
 * any served form, and every icon that is not served must be named in the log.
 */

const PACK = 'hostile-json';
const packs = join(TEST_TMP, 'hostile-json-packs');
const packFile = join(packs, `${PACK}.json`);

interface IconDocument {
  body: string;
  svg: string;
  react: string;
}

const DATA = 'hostile-json-data';
let buildLog: string;
let pack: IconifyJSON;
const names = new Map(hostileSvgFiles().map(({ file, markup }) => [`icon-${file.replace(/\.svg$/, '')}`, bodyOf(markup)]));

beforeAll(async () => {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  const icons = Object.fromEntries([...names].map(([name, body]) => [name, { body }]));
  writeFileSync(packFile, JSON.stringify({ prefix: PACK, info: { name: 'Hostile JSON' }, icons, width: 24, height: 24 }));
  const data = dataDirWithDefaultCatalog(DATA);
  const build = spawnSync(process.execPath, [CLI, 'build', '--data', data, '--packs', packs], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  buildLog = build.stderr;
});
/** What `serve` over that data directory answers, in process: made after the build above, as its hooks run in order. */
const site = inProcessSite({ dataDir: join(TEST_TMP, DATA) });
beforeAll(async () => {
  pack = (await site.request(`/r/${PACK}.json`)).json<IconifyJSON>();
});

describe('hostile bodies in an own IconifyJSON file', () => {
  it('are refused one by one, each with a log line naming the file and the icon', () => {
    const served = new Set(allNames(pack));
    const unaccounted = [...names.keys()].filter((name) => !served.has(name) && !buildLog.includes(`warning ${packFile}: dropped icon "${name}": `));
    expect(unaccounted).toEqual([]);
    console.log(`${PACK}: ${served.size} of ${names.size} bodies served`);
  });

  it('leave nothing dangerous in the pack document, body, svg, React source or rendered component', async () => {
    const problems: string[] = [];
    for (const [name, icon] of Object.entries(pack.icons)) problems.push(...findDangers(icon.body).map((danger) => `${name} pack document: ${danger}`));
    await mapLimit(allNames(pack), 8, async (name) => {
      const json = (await site.request(`/r/${PACK}/${name}.json`)).json<IconDocument>();
      const report = (where: string, dangers: string[]) => problems.push(...dangers.map((danger) => `${name} ${where}: ${danger}`));
      report('body', findDangers(json.body));
      report('svg', findDangers(json.svg));
      report('react', findDangersInReactSource(json.react));
      report('rendered component', findDangers(renderComponent(loadComponent(json.react).default).markup));
    });
    expect(problems).toEqual([]);
  });

  it('leave the registry answering, with no unexpected error', async () => {
    expect((await site.request('/r/mdi/home.json')).status).toBe(200);
    expect(site.errors).toEqual([]);
  });
});

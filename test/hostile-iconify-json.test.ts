import type { IconifyJSON } from '@iconify/types';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadComponent, renderComponent } from './helpers/components.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { findDangers, findDangersInReactSource } from './helpers/dangerous-markup.js';
import { bodyOf, hostileSvgFiles } from './helpers/hostile-svg-corpus.js';
import { getJson, mapLimit } from './helpers/http.js';
import { CLI, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
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

let server: TestServer;
let buildLog: string;
let pack: IconifyJSON;
const names = new Map(hostileSvgFiles().map(({ file, markup }) => [`icon-${file.replace(/\.svg$/, '')}`, bodyOf(markup)]));

beforeAll(async () => {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  const icons = Object.fromEntries([...names].map(([name, body]) => [name, { body }]));
  writeFileSync(packFile, JSON.stringify({ prefix: PACK, info: { name: 'Hostile JSON' }, icons, width: 24, height: 24 }));
  const data = dataDirWithDefaultCatalog('hostile-json-data');
  const build = spawnSync(process.execPath, [CLI, 'build', '--data', data, '--packs', packs], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  buildLog = build.stderr;
  server = await startTestServer({ dataDir: data, packsDir: packs });
  pack = (await getJson<IconifyJSON>(`${server.base}/r/${PACK}.json`)).json;
});
afterAll(async () => {
  await server.close();
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
      const { json } = await getJson<IconDocument>(`${server.base}/r/${PACK}/${name}.json`);
      const report = (where: string, dangers: string[]) => problems.push(...dangers.map((danger) => `${name} ${where}: ${danger}`));
      report('body', findDangers(json.body));
      report('svg', findDangers(json.svg));
      report('react', findDangersInReactSource(json.react));
      report('rendered component', findDangers(renderComponent(loadComponent(json.react).default).markup));
    });
    expect(problems).toEqual([]);
  });

  it('leave the server responsive, with no error logged', async () => {
    expect((await fetch(`${server.base}/r/mdi/home.json`)).status).toBe(200);
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

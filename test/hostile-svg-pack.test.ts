import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadComponent, renderComponent } from './helpers/components.js';
import { findDangers, findDangersInReactSource } from './helpers/dangerous-markup.js';
import { HOSTILE_SVG_PACK, hostileSvgFiles } from './helpers/hostile-svg-corpus.js';
import { mapLimit } from './helpers/http.js';
import { BUILD_LOG } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { allNames } from './helpers/sources.js';

/*
 * Own packs may be folders of SVG files, which are untrusted: each file is
 * cleaned, and a file that cannot be made safe is refused with a line in the
 * build log. Whatever the cleaning does, no served form of an icon (body, svg,
 * React source, rendered component) may carry anything that runs code or loads
 * something from outside the icon.
 */

interface IconDocument {
  body: string;
  svg: string;
  react: string;
  files: Array<{ content: string }>;
}

/** The icon name the registry derives from a file name. */
function iconNameOf(file: string): string {
  return file
    .replace(/\.svg$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The test catalog, whose build took the corpus folder as one of its own packs, answered in process. */
const site = catalogSite();
let packText: string;
let pack: IconifyJSON;
beforeAll(async () => {
  const response = await site.request(`/r/${HOSTILE_SVG_PACK}.json`);
  packText = response.text();
  expect(response.status, packText.slice(0, 300)).toBe(200);
  pack = JSON.parse(packText) as IconifyJSON;
});

describe(`the folder pack ${HOSTILE_SVG_PACK}`, () => {
  it('serves a pack document with nothing dangerous in it', () => {
    // Icon names spell out their attack (`onload-root`, `xxe-parameter-entity-external`): only the rest of the text is judged.
    const withoutNames = allNames(pack).reduce((text, name) => text.replaceAll(JSON.stringify(name), '"name"'), packText);
    expect(withoutNames).not.toMatch(/javascript:|<script|onload|ENTITY|evil\.test/i);
    const dangers = Object.entries(pack.icons).flatMap(([name, icon]) => findDangers(icon.body).map((danger) => `${name}: ${danger}`));
    expect(dangers).toEqual([]);
  });

  it('serves every icon and alias with safe body, svg, React source and rendered component', async () => {
    const names = allNames(pack);
    expect(names.length).toBeGreaterThanOrEqual(1);
    const problems: string[] = [];
    await mapLimit(names, 8, async (name) => {
      const response = await site.request(`/r/${HOSTILE_SVG_PACK}/${name}.json`);
      if (response.status !== 200) {
        problems.push(`${name}: status ${response.status}`);
        return;
      }
      const json = response.json<IconDocument>();
      const report = (where: string, dangers: string[]) => problems.push(...dangers.map((danger) => `${name} ${where}: ${danger}`));
      report('body', findDangers(json.body));
      report('svg', findDangers(json.svg));
      report('react', findDangersInReactSource(json.react));
      for (const file of json.files) report('shadcn file', findDangersInReactSource(file.content));
      try {
        const { markup } = renderComponent(loadComponent(json.react).default);
        report('rendered component', findDangers(markup));
      } catch (error) {
        problems.push(`${name}: the React source does not compile and render: ${(error as Error).message}`);
      }
    });
    expect(problems).toEqual([]);
  });

  it('either serves each corpus file as a cleaned icon or names the file in the build log', async () => {
    const served = new Set(allNames(pack));
    const logLines = readFileSync(BUILD_LOG, 'utf8').split('\n');
    const unaccounted: string[] = [];
    const refused: string[] = [];
    for (const { file, path } of hostileSvgFiles()) {
      const name = iconNameOf(file);
      if (served.has(name)) continue;
      refused.push(name);
      if (!logLines.some((line) => line.includes(`${path}: rejected: `)))
        unaccounted.push(`${file} (icon "${name}"): neither served nor rejected in the build log`);
    }
    expect(unaccounted).toEqual([]);
    // A refused file must not be reachable by its name either.
    const statuses = await mapLimit(refused, 8, async (name) => `${name}: ${(await site.request(`/r/${HOSTILE_SVG_PACK}/${name}.json`)).status}`);
    expect(statuses.filter((status) => !status.endsWith(': 404'))).toEqual([]);
    console.log(`${HOSTILE_SVG_PACK}: ${served.size} icons served, ${refused.length} files refused`);
  });

  it('is listed in the registry with the info of its pack.json', async () => {
    const registry = (await site.request('/r/registry.json')).json<Array<Record<string, unknown>>>();
    const entry = registry.find((candidate) => candidate.id === HOSTILE_SVG_PACK);
    expect(entry).toMatchObject({
      name: 'Fixture Hostile SVG',
      author: { name: 'icon-registry tests' },
      license: { title: 'MIT', spdx: 'MIT' },
      total: Object.values(pack.icons).filter((icon) => !icon.hidden).length,
    });
    expect(pack.info).toMatchObject({ name: 'Fixture Hostile SVG', author: { name: 'icon-registry tests' }, license: { title: 'MIT', spdx: 'MIT' } });
  });

  it('leaves the registry answering, with no unexpected error', async () => {
    expect((await site.request('/r/registry.json')).status).toBe(200);
    expect((await site.request('/r/mdi/home.json')).status).toBe(200);
    expect(site.errors).toEqual([]);
  });
});

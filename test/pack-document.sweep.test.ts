import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_LOG, FIXTURE_PACKS } from './helpers/paths.js';
import { sortedKeys } from './helpers/json.js';
import { catalogSite } from './helpers/site.js';
import { CATALOG_REVISION, catalogPacks, OWN_REVISION, readDefaultPack, readSourcePack, REPLACED_DEFAULT_PACK } from './helpers/sources.js';

/** The whole catalog, answered in process. */
const site = catalogSite();

/** What the contract says the document of a valid source pack is: its info names the revision served (see docs/versions.md). */
function expectedDocument(source: IconifyJSON, revision: string): Record<string, unknown> {
  return { ...source, info: { ...source.info, version: revision }, aliases: source.aliases ?? {}, width: source.width ?? 16, height: source.height ?? 16 };
}

/*
 * Properties of the whole catalog built by the CLI: every default pack, an
 * own pack replacing a default one, what the build log says it dropped.
 * Own packs' documents are checked in process (test/fast/pack-document.test.ts).
 */
describe('GET /r/{pack}.json', () => {
  it('is the complete source IconifyJSON of each default pack (a sample, or every one), minified, with aliases, width and height present', async () => {
    const different: string[] = [];
    for (const id of catalogPacks('pack documents')) {
      if (id === REPLACED_DEFAULT_PACK) continue;
      const response = await site.request(`/r/${id}.json`, { headers: { 'accept-encoding': 'identity' } });
      const text = response.text();
      const document = JSON.parse(text) as Record<string, unknown>;
      if (text !== JSON.stringify(document)) different.push(`${id}: not minified`);
      const expected = expectedDocument(readDefaultPack(id), CATALOG_REVISION);
      if (JSON.stringify(sortedKeys(document)) !== JSON.stringify(sortedKeys(expected))) different.push(`${id}: content differs`);
      for (const field of ['prefix', 'icons', 'aliases', 'width', 'height', 'info']) if (!(field in document)) different.push(`${id}: no ${field}`);
      if (document.prefix !== id) different.push(`${id}: prefix ${String(document.prefix)}`);
    }
    expect(different).toEqual([]);
  });

  it('serves an own pack in place of the default pack with its id', async () => {
    const json = (await site.both('/r/bytesize.json')).json<IconifyJSON>();
    const source = readSourcePack(join(FIXTURE_PACKS, 'bytesize.json'));
    // The own file has no info.total: the document counts its one icon. Its version is the own pack's revision, kept at its pinned address.
    const revision = json.info?.version ?? '';
    expect(revision).toMatch(OWN_REVISION);
    expect(json).toEqual(expectedDocument({ ...source, info: { ...source.info, total: 1 } as IconifyJSON['info'] }, revision));
    expect((await site.request(`/r/bytesize@${revision}.json`)).json<IconifyJSON>()).toEqual(json);
  });

  it('drops icons of own packs whose markup could run code or load something from outside', async () => {
    const json = (await site.request('/r/fixture-hostile.json')).json<IconifyJSON>();
    expect(Object.keys(json.icons).sort()).toEqual(['clean', 'local-use']);
    expect(Object.keys(json.aliases ?? {})).toEqual(['alias-of-clean']);
    expect(JSON.stringify(json)).not.toMatch(/script|javascript|evil\.test|onload|foreignObject|ENTITY/i);
    for (const name of ['script', 'js-href', 'alias-of-script']) {
      expect((await site.request(`/r/fixture-hostile/${name}.json`)).status).toBe(404);
    }
    const log = readFileSync(BUILD_LOG, 'utf8');
    for (const [name, reason] of [
      ['script', '<script> element'],
      ['onload-upper', 'ONLOAD event handler'],
      ['foreign', '<foreignObject> element'],
      ['js-href', 'href to something outside the icon'],
      ['external-use', 'href to something outside the icon'],
      ['xlink-data', 'xlink:href to something outside the icon'],
      ['style-url', 'external url() in style'],
      ['css-import', '<style> element (its rules would apply to the whole page)'],
      ['doctype', 'declaration (DOCTYPE or entity)'],
    ]) {
      expect(log).toContain(`fixture-hostile.json: dropped icon "${name}": unsafe markup (`);
      expect(log.split('\n').find((line) => line.includes(`dropped icon "${name}"`))).toContain(reason);
    }
  });

  it('serves an empty pack of the default catalog as an empty document', async () => {
    const response = await site.request('/r/emblemicons.json');
    const json = response.json<IconifyJSON>();
    expect(response.status).toBe(200);
    expect(json.icons).toEqual({});
    expect(json.aliases).toEqual({});
  });
});

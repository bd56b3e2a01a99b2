import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './helpers/http.js';
import { BUILD_LOG, FIXTURE_PACKS } from './helpers/paths.js';
import { sortedKeys } from './helpers/json.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { defaultPackIds, readDefaultPack, readSourcePack, REPLACED_DEFAULT_PACK } from './helpers/sources.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** What the contract says the document of a valid source pack is. */
function expectedDocument(source: IconifyJSON): Record<string, unknown> {
  return { ...source, aliases: source.aliases ?? {}, width: source.width ?? 16, height: source.height ?? 16 };
}

/*
 * Properties of the whole catalog built by the CLI: every default pack, an
 * own pack replacing a default one, what the build log says it dropped.
 * Own packs' documents are checked in process (test/fast/pack-document.test.ts).
 */
describe('GET /r/{pack}.json', () => {
  it('is the complete source IconifyJSON of every default pack, minified, with aliases, width and height present', async () => {
    const different: string[] = [];
    for (const id of defaultPackIds()) {
      if (id === REPLACED_DEFAULT_PACK) continue;
      const response = await fetch(`${server.base}/r/${id}.json`);
      const text = await response.text();
      const document = JSON.parse(text) as Record<string, unknown>;
      if (text !== JSON.stringify(document)) different.push(`${id}: not minified`);
      const expected = expectedDocument(readDefaultPack(id));
      if (JSON.stringify(sortedKeys(document)) !== JSON.stringify(sortedKeys(expected))) different.push(`${id}: content differs`);
      for (const field of ['prefix', 'icons', 'aliases', 'width', 'height', 'info']) if (!(field in document)) different.push(`${id}: no ${field}`);
      if (document.prefix !== id) different.push(`${id}: prefix ${String(document.prefix)}`);
    }
    expect(different).toEqual([]);
  });

  it('serves an own pack in place of the default pack with its id', async () => {
    const { json } = await getJson<IconifyJSON>(`${server.base}/r/bytesize.json`);
    const source = readSourcePack(join(FIXTURE_PACKS, 'bytesize.json'));
    // The own file has no info.total: the document counts its one icon.
    expect(json).toEqual(expectedDocument({ ...source, info: { ...source.info, total: 1 } as IconifyJSON['info'] }));
  });

  it('drops icons of own packs whose markup could run code or load something from outside', async () => {
    const { json } = await getJson<IconifyJSON>(`${server.base}/r/fixture-hostile.json`);
    expect(Object.keys(json.icons).sort()).toEqual(['clean', 'local-use']);
    expect(Object.keys(json.aliases ?? {})).toEqual(['alias-of-clean']);
    expect(JSON.stringify(json)).not.toMatch(/script|javascript|evil\.test|onload|foreignObject|ENTITY/i);
    for (const name of ['script', 'js-href', 'alias-of-script']) {
      expect((await fetch(`${server.base}/r/fixture-hostile/${name}.json`)).status).toBe(404);
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
    const { status, json } = await getJson<IconifyJSON>(`${server.base}/r/emblemicons.json`);
    expect(status).toBe(200);
    expect(json.icons).toEqual({});
    expect(json.aliases).toEqual({});
  });
});

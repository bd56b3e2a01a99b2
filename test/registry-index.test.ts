import type { IconifyJSON } from '@iconify/types';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapLimit } from './helpers/http.js';
import { FIXTURE_PACKS } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { defaultPackIds, readDefaultPack, readSourcePack, REPLACED_DEFAULT_PACK } from './helpers/sources.js';

interface Entry {
  id: string;
  name: string;
  total: number;
  author: { name: string; url?: string };
  license: { title: string; spdx?: string; url?: string };
  [field: string]: unknown;
}

/** Own fixture packs that build successfully (the others are broken on purpose). */
const OWN_PACKS = ['bytesize', 'fixture-hostile', 'fixture-hostile-svg', 'fixture-repairs', 'fixture-shapes', 'fixture-svg'];

/** The whole catalog, answered in process; the index is also asked for over a socket, which must answer alike. */
const site = catalogSite();
let entries: Entry[];
let sourceInfo: Map<string, IconifyJSON['info']>;
beforeAll(async () => {
  sourceInfo = new Map(defaultPackIds().map((id) => [id, readDefaultPack(id).info]));
  entries = (await site.both('/r/registry.json')).json<Entry[]>();
});

describe('GET /r/registry.json', () => {
  it('has one entry per pack, sorted by id: every @iconify/json set plus the own packs', () => {
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    const defaults = defaultPackIds();
    expect(defaults.length).toBeGreaterThanOrEqual(243);
    expect(ids).toEqual([...new Set([...defaults, ...OWN_PACKS])].sort());
  });

  it('gives each default pack the total, name, author and license of its IconifyJSON info', () => {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const wrong: string[] = [];
    for (const id of defaultPackIds()) {
      if (id === REPLACED_DEFAULT_PACK) continue;
      const info = sourceInfo.get(id);
      const entry = byId.get(id);
      const expected = { id, name: info?.name, total: info?.total, author: info?.author, license: info?.license };
      const actual = { id: entry?.id, name: entry?.name, total: entry?.total, author: entry?.author, license: entry?.license };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${id}: ${JSON.stringify(actual)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('always has author.name and license.title, and counts visible icons where a pack has no total', () => {
    for (const entry of entries) {
      expect(typeof entry.author.name, entry.id).toBe('string');
      expect(typeof entry.license.title, entry.id).toBe('string');
    }
    const repairs = entries.find((entry) => entry.id === 'fixture-repairs');
    expect(repairs).toMatchObject({ name: 'fixture-repairs', total: 2, author: { name: 'Unknown' }, license: { title: 'Unknown' } });
    const shapes = readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'));
    const visible = Object.values(shapes.icons).filter((icon) => !icon.hidden).length;
    expect(entries.find((entry) => entry.id === 'fixture-shapes')?.total).toBe(visible);
  });

  it('serves the own pack in place of a default pack with the same id', () => {
    expect(entries.find((entry) => entry.id === 'bytesize')?.name).toBe('Bytesize (own build)');
  });

  it('lists exactly the packs that have a document', async () => {
    const statuses = await mapLimit(entries, 8, async (entry) => (await site.request(`/r/${entry.id}.json`, { method: 'HEAD' })).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const skipped of ['broken', 'not-iconify', 'zz-duplicate']) {
      expect((await site.request(`/r/${skipped}.json`)).status).toBe(404);
    }
    // The file whose prefix is "registry" was refused: the path is the index, not that pack.
    expect(Array.isArray((await site.request('/r/registry.json')).json())).toBe(true);
  });
});

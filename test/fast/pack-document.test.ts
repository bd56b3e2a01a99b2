import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

const site = inProcessSite();
const getJson = async <T>(path: string) => (await site.request(path)).json<T>();

describe('GET /r/{pack}.json of own packs', () => {
  it('keeps hidden icons, and fills in what an own pack leaves out', async () => {
    const shapes = await getJson<IconifyJSON>('/r/fixture-shapes.json');
    expect(shapes.icons['hidden-old']).toMatchObject({ hidden: true });
    expect(shapes.width).toBe(16);
    expect(shapes.lastModified).toBe(1700000000);
    expect(shapes.info).toMatchObject({ name: 'Fixture Shapes', total: 9 });

    const repairs = await getJson<IconifyJSON>('/r/fixture-repairs.json');
    expect(Object.keys(repairs.icons).sort()).toEqual(['constructor', 'good']);
    expect(Object.keys(repairs.aliases ?? {}).sort()).toEqual(['fine-alias', 'to-string']);
    expect(repairs.info).toMatchObject({ name: 'fixture-repairs', total: 2, author: { name: 'Unknown' }, license: { title: 'Unknown' } });
  });
});

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { FRAMEWORKS, routeOfSegments } from '../../src/core/paths.js';
import { Registry } from '../../src/registry/registry.js';
import { FAST_CATALOG_DATA } from '../helpers/paths.js';
import { seededRandom, testSeed } from '../helpers/sources.js';

let catalog: Catalog;
let server: RunningServer;
beforeAll(async () => {
  catalog = new Catalog([join(FAST_CATALOG_DATA, 'catalog.db')]);
  server = await startServer({ registry: { current: new Registry(catalog) }, host: '127.0.0.1', port: 0, cacheMaxAge: 3600, logLevel: 'silent' });
});
afterAll(async () => {
  await server.close(Date.now() + 1000);
  catalog.close();
});

describe('the framework items and the @iconify-json route', () => {
  it('are three segments under /r/ for a known framework only, and the package file under @iconify-json, whatever the base path', () => {
    expect(routeOfSegments(['', 'r', 'vue', 'mdi', 'home.json'], '')).toEqual({ kind: 'component', framework: 'vue', pack: 'mdi', name: 'home' });
    expect(routeOfSegments(['', 'icons', 'r', 'jsx', 'mdi', 'home.json'], '/icons')).toEqual({
      kind: 'component',
      framework: 'jsx',
      pack: 'mdi',
      name: 'home',
    });
    expect(routeOfSegments(['', 'r', 'react', 'mdi', 'home.json'], '')).toBeUndefined();
    expect(routeOfSegments(['', 'r', 'vue', '', 'home.json'], '')).toBeUndefined();
    expect(routeOfSegments(['', 'r', 'vue', 'home.json'], '')).toEqual({ kind: 'icon', pack: 'vue', name: 'home' });
    expect(routeOfSegments(['', '@iconify-json', 'mdi', 'icons.json'], '')).toEqual({ kind: 'iconify-json-package', pack: 'mdi' });
    expect(routeOfSegments(['', '@iconify-json', 'mdi', 'info.json'], '')).toBeUndefined();
  });

  it('answer random and hostile targets with a document or a precise problem, never an error of the server, each quickly', async () => {
    const random = seededRandom(testSeed('framework routes fuzz'));
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const pieces = [
      'mdi',
      'lucide',
      'home',
      'hoem',
      'noto',
      '%2e%2e',
      '..',
      '%00',
      '%ff',
      'a'.repeat(300),
      'x%2Fy',
      'MDI',
      '-',
      '',
      'icons.json',
      'r',
      '@iconify-json',
    ];
    const segment = () => (random() < 0.5 ? pick(pieces) : Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick([...'abz09-_.%:@'])).join(''));
    const targets = Array.from({ length: 400 }, () =>
      random() < 0.6 ? `/r/${pick([...FRAMEWORKS, 'react'])}/${segment()}/${segment()}.json` : `/@iconify-json/${segment()}/${pick(['icons.json', segment()])}`,
    );
    for (const target of targets) {
      const started = performance.now();
      // HEAD: a whole pack's bytes would time the download, not the route (the status is GET's).
      const response = await fetch(`${server.url}${target}`, { method: 'HEAD' });
      await response.arrayBuffer();
      expect([200, 400, 404, 414], target).toContain(response.status);
      expect(performance.now() - started, target).toBeLessThan(2_000);
    }
  });
});

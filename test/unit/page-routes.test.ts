import { describe, expect, it } from 'vitest';
import { pathOf, type Route } from '../../src/core/paths.js';
import { pageRelative } from '../../ui/api.js';

describe("the page's addresses", () => {
  const routes: Route[] = [
    { kind: 'index' },
    { kind: 'pack', pack: 'mdi' },
    { kind: 'icon', pack: 'mdi', name: 'home' },
    { kind: 'iconify-icons', prefix: 'mdi', script: false },
    { kind: 'iconify-collection' },
    { kind: 'iconify-search' },
    { kind: 'iconify-keywords' },
  ];

  it('are relative to the page', () => {
    expect(routes.map(pageRelative)).toEqual(['r/registry.json', 'r/mdi.json', 'r/mdi/home.json', 'mdi.json', 'collection', 'search', 'keywords']);
  });

  it("reach the server's routes from the page under any base path", () => {
    for (const basePath of ['', '/icons', '/a/b']) {
      const page = new URL(pathOf({ kind: 'page' }, basePath), 'http://registry.test');
      for (const route of routes) expect(new URL(pageRelative(route), page).pathname, `${basePath} ${route.kind}`).toBe(pathOf(route, basePath));
    }
  });
});

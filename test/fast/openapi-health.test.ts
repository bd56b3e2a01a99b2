import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

const site = inProcessSite({ basePath: '/icons' });
const getJson = async <T>(path: string) => {
  const response = await site.request(`/icons${path}`);
  return { status: response.status, json: response.json<T>() };
};

describe('GET /r/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document describing the three endpoints, the search, the framework items, previews, bundles and zips, pinned revisions, changes, their Atom feed and past moments, the npm registry, the MCP server and llms.txt, and their errors', async () => {
    const { status, json } = await getJson<{
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    }>('/r/openapi.json');
    expect(status).toBe(200);
    const result = await validate(structuredClone(json) as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    // The validator is not vacuous: the same document without its info is refused.
    const broken = structuredClone(json) as Record<string, unknown>;
    delete broken.info;
    expect((await validate(broken as Parameters<typeof validate>[0])).valid).toBe(false);
    expect(json.openapi).toBe('3.1.0');
    expect(json.servers[0]?.url).toBe('/icons');
    expect(Object.keys(json.paths).sort()).toEqual([
      '/@iconify-json/{pack}/icons.json',
      '/at/{moment}/{route}',
      '/llms.txt',
      '/mcp',
      '/npm/@iconify-json/{pack}',
      '/npm/@iconify-json/{pack}/-/{file}',
      '/r/bundle.json',
      '/r/bundle.svg',
      '/r/bundle.zip',
      '/r/changes.atom',
      '/r/changes.json',
      '/r/previews.json',
      '/r/registry.json',
      '/r/search.json',
      '/r/{framework}/{pack}/{name}.json',
      '/r/{pack}.json',
      '/r/{pack}.zip',
      '/r/{pack}/{name}.json',
      '/r/{pack}/{name}.png',
      '/r/{pack}@{version}.json',
      '/r/{pack}@{version}.zip',
      '/r/{pack}@{version}/{name}.json',
    ]);
    expect(Object.keys(json.paths['/r/{pack}/{name}.json']?.get.responses ?? {}).sort()).toEqual(['200', '304', '400', '404', '405', '414', '500']);
  });

  it('describes documents the server really sends', async () => {
    const { json: spec } = await getJson<{ components: { schemas: Record<string, { required: string[] }> } }>('/r/openapi.json');
    const { json: icon } = await getJson<Record<string, unknown>>('/r/mdi/home.json');
    const { json: index } = await getJson<Array<Record<string, unknown>>>('/r/registry.json');
    const { json: problem } = await getJson<Record<string, unknown>>('/r/mdi/hoem.json');
    for (const field of spec.components.schemas.IconDocument?.required ?? []) expect(icon, field).toHaveProperty(field);
    for (const framework of ['vue', 'svelte', 'solid', 'jsx']) {
      const { json: item } = await getJson<Record<string, unknown>>(`/r/${framework}/mdi/home.json`);
      for (const field of spec.components.schemas.FrameworkDocument?.required ?? []) expect(item, field).toHaveProperty(field);
      expect(item).toHaveProperty(framework);
    }
    for (const field of spec.components.schemas.RegistryEntry?.required ?? []) expect(index[0], field).toHaveProperty(field);
    for (const field of spec.components.schemas.Problem?.required ?? []) expect(problem, field).toHaveProperty(field);
    const { json: bundle } = await getJson<Record<string, unknown>>(`/r/bundle.json?icons=mdi:home,mdi:hoem`);
    for (const field of spec.components.schemas.Bundle?.required ?? []) expect(bundle, field).toHaveProperty(field);
    const { json: previews } = await getJson<Record<string, unknown>>(`/r/previews.json?icons=mdi:home,mdi:hoem`);
    expect(spec.components.schemas.Previews?.required.length).toBeGreaterThan(0);
    for (const field of spec.components.schemas.Previews?.required ?? []) expect(previews, field).toHaveProperty(field);
  });
});

describe('GET /healthz', () => {
  it('answers 503 not_ready with Retry-After until the search is prepared, then 200, at the root whatever the base path', async () => {
    const starting = await site.request('/healthz');
    expect(starting.status).toBe(503);
    expect(starting.headers['retry-after']).toBe('1');
    expect(starting.headers['cache-control']).toBe('no-store');
    expect(starting.headers['content-type']).toBe('application/problem+json');
    expect(starting.json()).toMatchObject({ status: 503, code: 'not_ready' });
    expect((await site.request('/healthz', { method: 'HEAD' })).status).toBe(503);
    // Documents are answered meanwhile.
    expect((await site.request('/icons/r/mdi/home.json')).status).toBe(200);

    expect(site.registry.searchReady).toBe(false);
    await site.registry.prepareSearch();
    expect(site.registry.searchReady).toBe(true);
    const ready = await site.request('/healthz');
    expect(ready.status).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers['retry-after']).toBeUndefined();
    expect(ready.json()).toEqual({ status: 'ok' });
    // A view of the registry (a request's private packs) is as ready as the registry.
    expect(site.registry.view(new Set(['mdi'])).searchReady).toBe(true);
  });
});

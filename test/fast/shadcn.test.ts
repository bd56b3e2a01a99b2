import { describe, expect, it } from 'vitest';
import { inProcessSite } from './fixture.js';

/*
 * What the registry answers the shadcn CLI, in process. The real CLI, run
 * against a server, is tested in test/shadcn.test.ts.
 */

const site = inProcessSite();

describe('/r/registry.json, negotiated', () => {
  it("answers the array of packs to a plain GET and to any Accept but the CLI's, the same bytes, with Vary: Accept", async () => {
    const plain = await site.request('/r/registry.json');
    expect(plain.headers.vary).toBe('Accept-Encoding, Accept');
    const body = plain.text();
    expect(Array.isArray(JSON.parse(body))).toBe(true);
    expect((await site.request('/r/registry.json', { headers: { accept: 'application/json' } })).text()).toBe(body);
  });

  it.each([
    ["the CLI's Accept", '', { accept: 'application/vnd.shadcn.v1+json, application/json;q=0.9' }],
    ['format=shadcn', '?format=shadcn', {}],
    ['q', '?q=home', {}],
    ['type', '?type=registry:component', {}],
    ['limit', '?limit=3', {}],
    ['offset', '?offset=2', {}],
  ])('answers the shadcn catalog when asked with %s, a page at a time', async (_how, query, headers) => {
    const answer = await site.request(`/r/registry.json${query}`, { headers });
    const json = answer.json<{
      name: string;
      homepage: string;
      items: unknown[];
      pagination: { total: number; offset: number; limit: number; hasMore: boolean };
    }>();
    expect(answer.status).toBe(200);
    expect(answer.headers.vary).toBe('Accept-Encoding, Accept');
    expect(json.name).toBe('icon-registry');
    expect(json.items.length).toBeLessThanOrEqual(100);
    expect(json.pagination.hasMore).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

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

  it('answers the CLI a problem as plain JSON, the suggestions in detail as the user would type them, fields in the order of a problem document', async () => {
    const shadcnAccept = { accept: 'application/vnd.shadcn.v1+json, application/json;q=0.9' };
    const miss = await site.request('/r/mdi/hoem.json', { headers: shadcnAccept });
    expect([miss.status, miss.headers['content-type'], miss.headers.vary]).toEqual([404, 'application/json; charset=utf-8', 'Accept-Encoding, Accept']);
    const body = miss.json<{ detail: string; suggestions: string[] }>();
    expect(Object.keys(body)).toEqual(['type', 'title', 'status', 'code', 'detail', 'suggestions']);
    expect(body).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404, code: 'icon_not_found' });
    expect(body.suggestions[0]).toBe('mdi:home');
    expect(body.detail).toMatch(/^Pack 'mdi' has no icon 'hoem'\. Did you mean @icons\/mdi\/home, .+ or @icons\/mdi\/[a-z0-9-]+\?$/);
    const bad = await site.request('/r/registry.json?limit=-1', { headers: { accept: 'application/vnd.shadcn.v1+json' } });
    expect([bad.status, bad.headers['content-type']]).toEqual([400, 'application/json; charset=utf-8']);
    expect(bad.json<{ detail: string }>().detail).toBe('The limit parameter must be a whole number from 1.');
    // Any other client gets the problem document itself.
    const plain = await site.request('/r/mdi/hoem.json');
    expect([plain.status, plain.headers['content-type']]).toEqual([404, 'application/problem+json']);
    expect(plain.json<{ detail: string }>().detail).toBe("Pack 'mdi' has no icon 'hoem'.");
  });
});

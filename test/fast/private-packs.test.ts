import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

/*
 * Private packs behind tokens, through the server's access layer in
 * process: a pack listed in the access file does not exist on any route
 * without a token for it (not in the index, not in /collections, the same
 * 404 as an unknown pack, no suggestion naming it), and is there on every
 * route with one. Bad credentials get 401, many of them 429; answers that
 * depend on the token are never publicly cacheable. The access file under
 * --watch, the log, exports and the shadcn CLI are tested over the CLI
 * (test/private-packs.test.ts).
 */

const PRIVATE = 'fixture-shapes';
const OTHER_PRIVATE = 'fixture-repairs';
const TOKENS = { design: 'design-token-0123456789abcdefghij', ci: 'ci-token-0123456789abcdefghijklmno' };
const sha256 = (token: string) => `sha256:${createHash('sha256').update(token).digest('hex')}`;
const ACCESS_FILE = {
  packs: { [PRIVATE]: ['design'], [OTHER_PRIVATE]: ['ci'] },
  tokens: { design: sha256(TOKENS.design), ci: sha256(TOKENS.ci) },
};

const site = inProcessSite({ access: ACCESS_FILE });

async function get(path: string, token?: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const response = await site.request(path, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, body: response.text() };
}

/** Every route that can show a pack, for the private one. */
const ROUTES = [
  `/r/${PRIVATE}.json`,
  `/r/${PRIVATE}/wide.json`,
  `/r/${PRIVATE}/wide.png?size=32`,
  `/r/previews.json?icons=${PRIVATE}:wide,${PRIVATE}:square`,
  `/r/previews.json?icons=mdi:home,${PRIVATE}:wide&size=64`,
  `/${PRIVATE}.json?icons=wide,square`,
  `/${PRIVATE}/icons.json?icons=wide`,
  `/${PRIVATE}/wide.svg`,
  `/${PRIVATE}:wide.svg`,
  `/${PRIVATE}.css?icons=wide`,
  `/collection?prefix=${PRIVATE}`,
  `/list-icons?prefix=${PRIVATE}`,
  `/r/vue/${PRIVATE}/wide.json`,
  `/r/svelte/${PRIVATE}/wide.json`,
  `/@iconify-json/${PRIVATE}/icons.json`,
  `/r/search.json?like=${PRIVATE}:wide`,
  `/r/search.json?q=wide&packs=${PRIVATE}`,
  `/r/bundle.json?icons=${PRIVATE}:wide`,
  `/r/bundle.svg?icons=${PRIVATE}:wide,${PRIVATE}:square`,
  `/r/${PRIVATE}.zip`,
];

/** The routes of its revisions: an own pack keeps none yet, so with its token they answer that no revision is kept. */
const VERSION_ROUTES = [
  `/r/${PRIVATE}@1.0.0.json`,
  `/r/${PRIVATE}@.json`,
  `/r/${PRIVATE}@1.0.0.zip`,
  `/r/${PRIVATE}@^1/wide.json`,
  `/r/vue/${PRIVATE}@latest/wide.json`,
  `/r/changes.json?pack=${PRIVATE}&from=1.0.0`,
];

describe('a private pack', () => {
  it('does not exist on any route without a token for it, and answers as an unknown pack', async () => {
    const routes = [...ROUTES, ...VERSION_ROUTES];
    const unknown = await Promise.all(routes.map((path) => get(path.replaceAll(PRIVATE, 'no-such-pack'))));
    for (const token of [undefined, TOKENS.ci]) {
      for (const [i, path] of routes.entries()) {
        const answer = await get(path, token);
        expect(answer.status, `${path} with ${token ?? 'no token'}`).toBe(unknown[i]?.status);
        expect(answer.body.replaceAll(PRIVATE, 'no-such-pack'), path).toBe(unknown[i]?.body);
      }
    }
  });

  it('is left out of the index, /collections, /last-modified and suggestions without a token for it', async () => {
    for (const token of [undefined, TOKENS.ci]) {
      for (const path of ['/r/registry.json', '/collections', '/last-modified', `/r/${PRIVATE.slice(0, -1)}.json`]) {
        expect((await get(path, token)).body, `${path} with ${token ?? 'no token'}`).not.toContain(PRIVATE);
      }
    }
    // The other token reads its own pack.
    expect((await get(`/r/${OTHER_PRIVATE}.json`, TOKENS.ci)).status).toBe(200);
  });

  it('is found by no search, and lends /keywords no word, without a token for it; with its token it is searched', async () => {
    // `cdata` (of its icon style-cdata) is a word no public pack's names have.
    const searches = [
      '/search?query=cdata',
      '/search?query=wide&limit=999',
      `/search?query=${PRIVATE}:wide`,
      `/search?query=wide&prefix=${PRIVATE}`,
      '/search?query=cdat',
    ];
    for (const token of [undefined, TOKENS.ci]) {
      for (const path of searches) {
        const found = JSON.parse((await get(path, token)).body) as { icons: string[]; collections: object };
        expect(JSON.stringify([found.icons, found.collections]), `${path} with ${token ?? 'no token'}`).not.toContain(PRIVATE);
      }
      expect(JSON.parse((await get('/keywords?prefix=cdat', token)).body)).toEqual({ prefix: 'cdat', exists: false, matches: [] });
      expect(JSON.parse((await get('/keywords?keyword=data', token)).body).matches).not.toContain('cdata');
      expect(JSON.parse((await get('/keywords?keyword=cdata', token)).body).exists).toBe(false);
    }
    const found = await get('/search?query=cdata', TOKENS.design);
    expect(JSON.parse(found.body).icons).toEqual([`${PRIVATE}:style-cdata`]);
    expect(found.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse((await get(`/search?query=wide&prefix=${PRIVATE}`, TOKENS.design)).body).icons).toContain(`${PRIVATE}:wide`);
    expect(JSON.parse((await get('/keywords?prefix=cdat', TOKENS.design)).body)).toEqual({ prefix: 'cdat', exists: false, matches: ['cdata'] });
  });

  it('is left out of the shadcn catalog without a token for it, searched or listed', async () => {
    type Catalog = { items: Array<{ name: string }>; pagination: { total: number } };
    const catalog = async (query: string, token?: string) => JSON.parse((await get(`/r/registry.json?${query}`, token)).body) as Catalog;
    // Its icons as the Iconify API counts them (visible icons and aliases of their own), read with the token.
    const visibleIcons = (JSON.parse((await get(`/collection?prefix=${PRIVATE}`, TOKENS.design)).body) as { total: number }).total;
    for (const token of [undefined, TOKENS.ci]) expect((await catalog('q=cdata', token)).items, `with ${token ?? 'no token'}`).toEqual([]);
    // Listed page by page, the catalog counts its icons only with the token (the other private pack is in neither count).
    expect((await catalog('limit=1')).pagination.total + visibleIcons).toBe((await catalog('limit=1', TOKENS.design)).pagination.total);
    expect((await catalog('q=cdata', TOKENS.design)).items.map((item) => item.name)).toEqual([`${PRIVATE}/style-cdata`]);
  });

  it('stays absent without a token for it once its token has had every route answered and kept', async () => {
    const routes = [...ROUTES, ...VERSION_ROUTES];
    for (const path of routes) await get(path, TOKENS.design);
    for (const path of routes) await get(path, TOKENS.design);
    for (const token of [undefined, TOKENS.ci]) {
      for (const path of routes) {
        const unknown = await get(path.replaceAll(PRIVATE, 'no-such-pack'), token);
        const answer = await get(path, token);
        expect([answer.status, answer.body.replaceAll(PRIVATE, 'no-such-pack')], `${path} with ${token ?? 'no token'}`).toEqual([unknown.status, unknown.body]);
      }
    }
  });

  it('is there on every route with its token, none of those answers publicly cacheable', async () => {
    for (const path of ROUTES) {
      const answer = await get(path, TOKENS.design);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
    // With it, the previews of its icons are drawn, not only answered.
    const previews = JSON.parse((await get(`/r/previews.json?icons=mdi:home,${PRIVATE}:wide&size=64`, TOKENS.design)).body) as {
      previews: object;
      missing: string[];
    };
    expect([Object.keys(previews.previews), previews.missing]).toEqual([[`${PRIVATE}:wide`, 'mdi:home'], []]);
    for (const path of ['/r/registry.json', '/collections']) {
      const answer = await get(path, TOKENS.design);
      expect(answer.body, path).toContain(PRIVATE);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
    for (const path of VERSION_ROUTES) {
      const answer = await get(path, TOKENS.design);
      expect([answer.status, (JSON.parse(answer.body) as { code: string }).code], path).toEqual([404, 'unknown_version']);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('is read with a token whose scheme is written in any case ("bearer", "BEARER"), as RFC 9110 has it', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const response = await site.request(`/r/${PRIVATE}.json`, { headers: { authorization: `${scheme} ${TOKENS.design}` } });
      expect(response.status, scheme).toBe(200);
    }
  });

  it('leaves public answers as they are, cacheable even when a token is sent, with the public index unchanged', async () => {
    const withToken = await get('/r/mdi/home.json', TOKENS.design);
    expect(withToken.headers['cache-control']).toBe('public, max-age=3600');
    const index = await get('/r/registry.json');
    const ids = (JSON.parse(index.body) as Array<{ id: string }>).map((entry) => entry.id);
    expect(ids).not.toContain(PRIVATE);
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('bad credentials', () => {
  // A site of its own for the limit: the address of the tests above stays refused for the rest of the minute.
  const limitedSite = inProcessSite({ access: ACCESS_FILE });

  it('get 401 with WWW-Authenticate, told apart from none', async () => {
    for (const header of ['Bearer not-a-known-token-0123456789', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer short']) {
      const response = await site.request('/r/mdi/home.json', { headers: { authorization: header, 'x-forwarded-for': 'ignored' } });
      expect(response.status, header).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(response.json<{ code: string }>().code).toBe('invalid_token');
    }
  });

  it('from one address more than 20 times in a minute get 429 with Retry-After, while a valid token from it is still served', async () => {
    {
      const ask = (token?: string, path = '/r/mdi/home.json') =>
        limitedSite.request(path, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 20; i++) expect((await ask(`wrong-token-number-${i}-0123456789`)).status).toBe(401);
      expect((await ask('the-twenty-first-wrong-token-0123')).status).toBe(401);
      const limited = await ask('the-twenty-second-wrong-token-012');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.json<{ code: string }>().code).toBe('too_many_bad_tokens');
      // Everyone else behind the same address (a NAT, a proxy, a CI runner) keeps reading with a good token.
      expect((await ask(TOKENS.design)).status).toBe(200);
      expect((await ask(TOKENS.design, `/r/${PRIVATE}.json`)).status).toBe(200);
      expect((await ask()).status).toBe(200);
      expect((await ask('yet-another-wrong-token-0123456789')).status).toBe(429);
    }
  });
});

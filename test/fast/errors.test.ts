import { describe, expect, it } from 'vitest';
import { expectProblem, type ProblemBody } from '../helpers/problem-answer.js';
import { type SiteResponse, inProcessSite } from '../helpers/site.js';

const site = inProcessSite();

/** Checks the shape every problem answer shares and returns its body. */
function problem(response: SiteResponse, status: number, code: string): ProblemBody {
  return expectProblem({ status: response.status, headers: response.headers, text: response.text() }, status, code);
}

const get = (target: string) => site.request(target);

describe('problem answers', () => {
  it('404 pack_not_found, with close pack ids as suggestions', async () => {
    const body = problem(await get('/r/mdj.json'), 404, 'pack_not_found');
    expect(body.suggestions).toContain('mdi');
    expect(problem(await get('/r/mdj/home.json'), 404, 'pack_not_found').suggestions).toContain('mdi');
    expect(problem(await get('/r/MDI.json'), 404, 'pack_not_found').suggestions).toContain('mdi');
  });

  it('404 icon_not_found, with close names as suggestions', async () => {
    const body = problem(await get('/r/mdi/hoem.json'), 404, 'icon_not_found');
    expect(body.detail).toBe("Pack 'mdi' has no icon 'hoem'.");
    expect(body.suggestions?.[0]).toBe('mdi:home');
    expect(body.suggestions?.length).toBeGreaterThan(1);
    for (const suggestion of body.suggestions ?? []) expect(suggestion.startsWith('mdi:home')).toBe(true);
  });

  it('404 not_found for any other path', async () => {
    for (const target of [
      '/r',
      '/r/',
      '/r/mdi',
      '/r/mdi/home',
      '/r/mdi/home.json/',
      '/r/mdi.JSON',
      '/r/a/b/c.json',
      '/x/r/mdi.json',
      '/registry',
      '/r//mdi.json',
    ]) {
      problem(await get(target), 404, 'not_found');
    }
  });

  it('405 method_not_allowed with an Allow header for every other method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'LOCK']) {
      const response = await site.request('/r/mdi.json', { method });
      problem(response, 405, 'method_not_allowed');
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('400 bad_request for malformed targets: bad percent-encoding, overlong UTF-8, encoded NUL and control characters', async () => {
    for (const target of [
      '/r/%zz.json',
      '/r/mdi/%E0%A4%A.json',
      '/r/%c0%ae%c0%ae/x.json',
      '/r/mdi%00.json',
      '/r/mdi/home%0a.json',
      '/r/%7f.json',
      '/r/mdi/%.json',
    ]) {
      problem(await get(target), 400, 'bad_request');
    }
  });

  it('414 uri_too_long for targets over 2048 bytes', async () => {
    problem(await get(`/r/mdi/${'a'.repeat(2100)}.json`), 414, 'uri_too_long');
    problem(await get(`/r/mdi.json?${'q=1&'.repeat(600)}`), 414, 'uri_too_long');
    expect((await get(`/r/mdi/home.json?${'q'.repeat(1900)}`)).status).toBe(200);
  });

  it('treats __proto__, constructor and friends as plain names', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
      problem(await get(`/r/${name}.json`), 404, 'pack_not_found');
      problem(await get(`/r/mdi/${name}.json`), 404, 'icon_not_found');
    }
    // An own pack may really have an icon called "constructor".
    expect((await get('/r/fixture-repairs/constructor.json')).status).toBe(200);
    expect((await get('/r/fixture-repairs/to-string.json')).status).toBe(200);
  });

  it('never reads outside the catalog, whatever the encoding of a traversal', async () => {
    const targets = [
      '/r/../package.json',
      '/r/..%2f..%2fpackage.json',
      '/r/%2e%2e/%2e%2e/package.json',
      '/r/mdi/..%2F..%2F..%2Fpackage.json',
      '/r/%252e%252e%252fpackage.json',
      '/r/..%5c..%5cpackage.json',
      '/r/mdi/%2e%2e%2fhome.json',
      '/..%2f..%2fetc%2fpasswd',
    ];
    for (const target of targets) {
      const response = await get(target);
      // Every one names a pack or icon that cannot exist, or no document at all.
      expect(response.status, target).toBe(404);
      expect(response.text()).not.toContain('"name":"icon-registry"');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { inProcessSite, type SiteResponse } from '../helpers/site.js';

/*
 * Hostile request targets, methods and headers that reach the route table,
 * answered in process. What Node's HTTP parser refuses before a request is
 * made (raw control characters, oversized headers, bytes that are no HTTP)
 * and what needs a connection (pipelining, a client that never finishes)
 * are sent over raw sockets in test/hostile.test.ts.
 */

interface Case {
  name: string;
  method?: string;
  target: string;
  headers?: Record<string, string>;
  /** Acceptable statuses. */
  expect: number[];
}

const get = (name: string, target: string, expected: number[], headers?: Record<string, string>): Case => ({ name, target, headers, expect: expected });

/**
 * Spellings of "..", each marked with whether it is malformed percent-encoding
 * (400) or decodes to something that simply is not there (404).
 */
const DOTS: Array<[string, boolean]> = [
  ['..', false],
  ['%2e%2e', false],
  ['%2E%2E', false],
  ['.%2e', false],
  ['%2e.', false],
  ['%252e%252e', false],
  ['....', false],
  ['..;', false],
  ['%c0%ae%c0%ae', true],
  ['%e0%80%ae%e0%80%ae', true],
  ['%c0%2e%c0%2e', true],
  ['%2e%2e%00', true],
];
const SEPARATORS: Array<[string, boolean]> = [
  ['/', false],
  ['%2f', false],
  ['%2F', false],
  ['%5c', false],
  ['%255c', false],
  ['%c0%af', true],
];
const DESTINATIONS = ['etc/passwd', 'package.json', 'data/catalog.db'];

function traversalCases(): Case[] {
  const cases: Case[] = [];
  for (const [dots, dotsBad] of DOTS) {
    for (const [separator, separatorBad] of SEPARATORS) {
      for (const destination of DESTINATIONS) {
        const path = `${dots}${separator}${dots}${separator}${destination.replace('/', separator)}`;
        const status = dotsBad || separatorBad ? [400] : [404];
        cases.push(get(`pack ${path}`, `/r/${path}.json`, status));
        cases.push(get(`icon ${path}`, `/r/mdi/${path}.json`, status));
      }
    }
  }
  return cases;
}

function controlCharacterCases(): Case[] {
  const cases: Case[] = [];
  for (let code = 0; code < 0x20; code++) cases.push(...encodedControl(code));
  cases.push(...encodedControl(0x7f));
  cases.push(get('header injection', '/r/mdi%0d%0aSet-Cookie:%20x=1.json', [400]));
  return cases;
}

function encodedControl(code: number): Case[] {
  const hex = `%${code.toString(16).padStart(2, '0')}`;
  return [get(`encoded ${hex} in pack`, `/r/mdi${hex}.json`, [400]), get(`encoded ${hex} in name`, `/r/mdi/home${hex}.json`, [400])];
}

function otherCases(): Case[] {
  const cases: Case[] = [];
  for (const name of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', 'isPrototypeOf']) {
    cases.push(get(`pack ${name}`, `/r/${name}.json`, [404]));
    cases.push(get(`icon ${name}`, `/r/mdi/${name}.json`, [404]));
  }
  const methods = [
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'TRACE',
    'PROPFIND',
    'PROPPATCH',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'UNLOCK',
    'SEARCH',
    'PURGE',
    'REPORT',
    'MKACTIVITY',
    'CHECKOUT',
    'MERGE',
    'M-SEARCH',
    'NOTIFY',
    'SUBSCRIBE',
    'UNSUBSCRIBE',
    'LINK',
    'UNLINK',
    'QUERY',
    'BIND',
    'REBIND',
    'UNBIND',
    'ACL',
    'MKCALENDAR',
  ];
  for (const method of methods) cases.push({ name: method, method, target: '/r/mdi/home.json', headers: { 'Content-Length': '0' }, expect: [405] });
  cases.push(get('GET', '/r/mdi/home.json', [200]));
  cases.push({ name: 'HEAD', method: 'HEAD', target: '/r/mdi/home.json', expect: [200] });
  cases.push({ name: 'OPTIONS', method: 'OPTIONS', target: '/r/mdi/home.json', expect: [204] });
  cases.push({ name: 'OPTIONS *', method: 'OPTIONS', target: '*', expect: [204] });
  for (const bad of ['%', '%2', '%zz', '%g0', '%%', '%u002e']) {
    cases.push(get(`bad escape ${bad}`, `/r/mdi${bad}.json`, [400]));
    cases.push(get(`bad escape ${bad} in name`, `/r/mdi/a${bad}.json`, [400]));
  }
  for (const length of [2049, 4096, 10_240, 15_000]) cases.push(get(`${length}-byte path`, `/r/mdi/${'a'.repeat(length)}.json`, [414]));
  cases.push(get('400 query parameters', `/r/mdi/home.json?${'a=1&'.repeat(400)}`, [200]));
  cases.push(get('3,000 query parameters', `/r/mdi/home.json?${'a=1&'.repeat(3000)}`, [414]));
  cases.push(get('query with __proto__', '/r/mdi/home.json?__proto__[x]=1&constructor.prototype.y=2', [200]));
  for (const range of ['bytes=0-10', 'bytes=-5', 'bytes=99999999-', 'bytes=0-1,2-3,4-5', 'lines=1-2', 'bytes=x']) {
    cases.push(get(`Range ${range}`, '/r/mdi/home.json', [200], { Range: range }));
  }
  // An absolute-form target (RFC 9112 3.2.2) is answered as its path.
  cases.push(get('absolute-form target', 'http://evil.test/r/mdi/home.json', [200]));
  for (const target of [
    'http://evil.test/r/nothing.json',
    '*',
    '//r/mdi.json',
    '/r/./mdi.json',
    '/r/mdi/./home.json',
    '/R/mdi.json',
    '/r/%E2%9C%93.json',
    '/r/mdi/%F0%9F%92%A9.json',
  ]) {
    cases.push(get(`target ${target}`, target, [404]));
  }
  return cases;
}

const site = inProcessSite();

/** The three endpoints, as a well-behaved client sees them. */
async function snapshot(): Promise<string[]> {
  return Promise.all(
    ['/r/registry.json', '/r/mdi.json', '/r/mdi/home.json'].map(async (path) => {
      const response = await site.request(path, { headers: { 'accept-encoding': 'gzip, deflate' } });
      return `${response.status} ${response.headers.etag} ${response.body.length}`;
    }),
  );
}

describe('hostile requests that reach the route table', () => {
  it('each get their expected status, and afterwards the registry answers as before with no error logged', async () => {
    const before = await snapshot();
    const cases = [...traversalCases(), ...controlCharacterCases(), ...otherCases()];
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const wrong: string[] = [];
    for (const testCase of cases) {
      let response: SiteResponse;
      try {
        response = await site.request(testCase.target, { method: testCase.method, headers: testCase.headers });
      } catch (error) {
        wrong.push(`${testCase.name}: ${(error as Error).message}`);
        continue;
      }
      if (!testCase.expect.includes(response.status)) wrong.push(`${testCase.name}: ${response.status} ${response.text().slice(0, 120)}`);
      if (response.status >= 400 && !/^application\/problem\+json/.test(response.headers['content-type'] ?? ''))
        wrong.push(`${testCase.name}: not problem+json`);
      if (/\bat \S+ \(|\/work\/|node_modules/.test(response.text())) wrong.push(`${testCase.name}: leaks internals`);
    }
    console.log(`hostile: ${cases.length} requests answered in process`);
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(site.errors).toEqual([]);
  });
});

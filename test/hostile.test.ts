import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimit, rawRequest, type RawResponse } from './helpers/http.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface Case {
  name: string;
  request: string;
  /** Acceptable statuses. */
  expect: number[];
}

const request = (method: string, target: string, headers = '') => `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;
const get = (target: string, headers = '') => request('GET', target, headers);

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
        cases.push({ name: `pack ${path}`, request: get(`/r/${path}.json`), expect: status });
        cases.push({ name: `icon ${path}`, request: get(`/r/mdi/${path}.json`), expect: status });
      }
    }
  }
  return cases;
}

function controlCharacterCases(): Case[] {
  const cases: Case[] = [];
  for (let code = 0; code < 0x20; code++) cases.push(...encodedControl(code));
  cases.push(...encodedControl(0x7f));
  for (const code of [0x00, 0x01, 0x08, 0x09, 0x0b, 0x0c, 0x1b, 0x7f]) {
    cases.push({ name: `raw 0x${code.toString(16)}`, request: get(`/r/mdi${String.fromCharCode(code)}.json`), expect: [400] });
  }
  cases.push({ name: 'header injection', request: get('/r/mdi%0d%0aSet-Cookie:%20x=1.json'), expect: [400] });
  return cases;
}

function encodedControl(code: number): Case[] {
  const hex = `%${code.toString(16).padStart(2, '0')}`;
  return [
    { name: `encoded ${hex} in pack`, request: get(`/r/mdi${hex}.json`), expect: [400] },
    { name: `encoded ${hex} in name`, request: get(`/r/mdi/home${hex}.json`), expect: [400] },
  ];
}

function otherCases(): Case[] {
  const cases: Case[] = [];
  for (const name of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', 'isPrototypeOf']) {
    cases.push({ name: `pack ${name}`, request: get(`/r/${name}.json`), expect: [404] });
    cases.push({ name: `icon ${name}`, request: get(`/r/mdi/${name}.json`), expect: [404] });
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
  for (const method of methods) cases.push({ name: method, request: request(method, '/r/mdi/home.json', 'Content-Length: 0\r\n'), expect: [405] });
  cases.push({ name: 'CONNECT', request: 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n', expect: [405] });
  cases.push({ name: 'unknown method', request: request('BREW', '/r/mdi.json'), expect: [405] });
  cases.push({ name: 'GET', request: get('/r/mdi/home.json'), expect: [200] });
  cases.push({ name: 'HEAD', request: request('HEAD', '/r/mdi/home.json'), expect: [200] });
  cases.push({ name: 'OPTIONS', request: request('OPTIONS', '/r/mdi/home.json'), expect: [204] });
  cases.push({ name: 'OPTIONS *', request: request('OPTIONS', '*'), expect: [204] });
  for (const bad of ['%', '%2', '%zz', '%g0', '%%', '%u002e']) {
    cases.push({ name: `bad escape ${bad}`, request: get(`/r/mdi${bad}.json`), expect: [400] });
    cases.push({ name: `bad escape ${bad} in name`, request: get(`/r/mdi/a${bad}.json`), expect: [400] });
  }
  for (const length of [2049, 4096, 10_240, 15_000])
    cases.push({ name: `${length}-byte path`, request: get(`/r/mdi/${'a'.repeat(length)}.json`), expect: [414] });
  cases.push({ name: 'path beyond the header limit', request: get(`/r/${'a'.repeat(20_000)}.json`), expect: [414] });
  cases.push({ name: '100 KB header value', request: get('/r/mdi.json', `X-Filler: ${'a'.repeat(100_000)}\r\n`), expect: [431] });
  cases.push({ name: '1,000 headers', request: get('/r/mdi/home.json', Array.from({ length: 1000 }, (_, i) => `X-H${i}: 1\r\n`).join('')), expect: [200] });
  cases.push({ name: '400 query parameters', request: get(`/r/mdi/home.json?${'a=1&'.repeat(400)}`), expect: [200] });
  cases.push({ name: '3,000 query parameters', request: get(`/r/mdi/home.json?${'a=1&'.repeat(3000)}`), expect: [414] });
  cases.push({ name: 'query with __proto__', request: get('/r/mdi/home.json?__proto__[x]=1&constructor.prototype.y=2'), expect: [200] });
  for (const range of ['bytes=0-10', 'bytes=-5', 'bytes=99999999-', 'bytes=0-1,2-3,4-5', 'lines=1-2', 'bytes=x']) {
    cases.push({ name: `Range ${range}`, request: get('/r/mdi/home.json', `Range: ${range}\r\n`), expect: [200] });
  }
  // An absolute-form target (RFC 9112 3.2.2) is answered as its path.
  cases.push({ name: 'absolute-form target', request: get('http://evil.test/r/mdi/home.json'), expect: [200] });
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
    cases.push({ name: `target ${target}`, request: get(target), expect: [404] });
  }
  cases.push({ name: 'no Host, HTTP/1.0', request: 'GET /r/mdi/home.json HTTP/1.0\r\n\r\n', expect: [200] });
  cases.push({ name: 'garbage', request: '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n', expect: [400] });
  cases.push({ name: 'bad version', request: 'GET /r/mdi.json HTTP/9.9\r\nHost: x\r\n\r\n', expect: [400] });
  cases.push({
    name: 'conflicting lengths',
    request: 'GET /r/mdi.json HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    expect: [400],
  });
  return cases;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The three endpoints, as a well-behaved client sees them. */
async function snapshot(): Promise<string[]> {
  return Promise.all(
    ['/r/registry.json', '/r/mdi.json', '/r/mdi/home.json'].map(async (path) => {
      const response = await fetch(`${server.base}${path}`);
      return `${response.status} ${response.headers.get('etag')} ${(await response.arrayBuffer()).byteLength}`;
    }),
  );
}

describe('hostile requests over raw sockets', () => {
  it('each get their expected status, and afterwards the server answers as before with no error logged', async () => {
    const before = await snapshot();
    const cases = [...traversalCases(), ...controlCharacterCases(), ...otherCases()];
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const wrong: string[] = [];
    await mapLimit(cases, 8, async (testCase) => {
      let response: RawResponse;
      try {
        response = await rawRequest(server.port, testCase.request);
      } catch (error) {
        wrong.push(`${testCase.name}: ${(error as Error).message}`);
        return;
      }
      if (!testCase.expect.includes(response.status)) wrong.push(`${testCase.name}: ${response.status} ${response.body.slice(0, 120)}`);
      if (response.status >= 400 && !/^application\/problem\+json/.test(response.headers['content-type'] ?? ''))
        wrong.push(`${testCase.name}: not problem+json`);
      if (/\bat \S+ \(|\/work\/|node_modules/.test(response.body)) wrong.push(`${testCase.name}: leaks internals`);
    });
    console.log(`hostile: ${cases.length} requests sent`);
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('answers pipelined requests in order', async () => {
    const pipelined = `${get('/r/mdi/home.json').replace('Connection: close\r\n', '')}${get('/r/nope.json').replace('Connection: close\r\n', '')}${get('/r/mdi.json')}`;
    const response = await rawRequest(server.port, pipelined);
    const statuses = [...`HTTP/1.1 ${response.status} \r\n${response.body}`.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([200, 404, 200]);
  });

  it('drops a client that never finishes its headers, and serves others meanwhile', async () => {
    const started = Date.now();
    const closed = new Promise<{ data: string; ms: number }>((resolve) => {
      const socket = connect(server.port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve({ data, ms: Date.now() - started }));
      socket.on('error', () => undefined);
      socket.write('GET /r/mdi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    });
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.base}/r/mdi/home.json`)).status).toBe(200);
    const { data, ms } = await closed;
    expect(ms).toBeLessThan(15_000);
    expect(data).toMatch(/^HTTP\/1\.1 408 /);
  });
});

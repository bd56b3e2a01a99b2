import { describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/http.js';
import { inProcessSite } from '../helpers/site.js';

/*
 * The MCP server's path as HTTP sees it, in process and over a socket
 * alike: the one route that takes POST, its body bounded, every other
 * method answered 405 there, and POST answered 405 everywhere else; and
 * /llms.txt, whose links are the registry's routes.
 */

const site = inProcessSite();
const based = inProcessSite({ basePath: '/icons' });

const PROTOCOL = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});

/** Every kind of route of the layout, and paths beside /mcp that are not it. */
const OTHER_ROUTES = [
  '/',
  '/healthz',
  '/llms.txt',
  '/r/registry.json',
  '/r/openapi.json',
  '/r/search.json?q=home',
  '/r/changes.json',
  '/r/mdi.json',
  '/r/mdi/home.json',
  '/r/vue/mdi/home.json',
  '/r/mdi@1.0.0/home.json',
  '/r/bundle.json?icons=mdi:home',
  '/r/mdi.zip',
  '/@iconify-json/mdi/icons.json',
  '/mdi.json?icons=home',
  '/mdi/home.svg',
  '/mdi.css?icons=home',
  '/collections',
  '/search?query=home',
  '/mcp.json',
  '/mcp/icons.json',
  '/mcp/',
  '/mcpx',
  '/r/mcp.json',
  '/icons/mcp',
  '/nowhere',
];

describe('POST', () => {
  it('is answered 405 on every route but /mcp, with or without a body, as before', async () => {
    for (const target of OTHER_ROUTES) {
      for (const body of [undefined, initialize]) {
        const answer = await site.both(target, { method: 'POST', body, headers: PROTOCOL });
        expect([answer.status, answer.headers.allow, answer.json<{ code: string }>().code], target).toEqual([405, 'GET, HEAD, OPTIONS', 'method_not_allowed']);
      }
    }
  });

  it('at /mcp gives the protocol’s answer as one JSON body, never cached, through the same writer as every answer', async () => {
    const answer = await site.both('/mcp', { method: 'POST', body: initialize, headers: PROTOCOL });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const result = answer.json<{
      id: number;
      result: { protocolVersion: string; serverInfo: { name: string }; capabilities: { tools: object }; instructions: string };
    }>();
    expect(result.id).toBe(1);
    expect(result.result).toMatchObject({
      protocolVersion: '2025-06-18',
      serverInfo: { name: 'icon-registry', version: '0.0.0-test' },
      capabilities: { tools: {} },
    });
    expect(result.result.instructions).toMatch(/search_icons/);
    // A notification has no answer: 202 and no body.
    const note = await site.both('/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers: PROTOCOL });
    expect([note.status, note.body.length]).toEqual([202, 0]);
    // Compressed as any answer is, when the client asks.
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const compressed = await site.both('/mcp', { method: 'POST', body: list, headers: { ...PROTOCOL, 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.json<{ result: { tools: unknown[] } }>().result.tools.length).toBe(6);
  });

  it('at /mcp under a base path is at {base}/mcp only', async () => {
    expect((await based.both('/icons/mcp', { method: 'POST', body: initialize, headers: PROTOCOL })).status).toBe(200);
    expect((await based.both('/mcp', { method: 'POST', body: initialize, headers: PROTOCOL })).status).toBe(405);
  });

  it('at /mcp refuses what is no single JSON-RPC message with the protocol’s errors', async () => {
    const error = async (body: string, headers: Record<string, string> = PROTOCOL) => {
      const answer = await site.both('/mcp', { method: 'POST', body, headers });
      return [answer.status, answer.json<{ error: { code: number } }>().error.code];
    };
    expect(await error('not json')).toEqual([400, -32700]);
    expect(await error('{"jsonrpc":"2.0"}')).toEqual([400, -32700]);
    expect(await error(`[${initialize}]`)).toEqual([400, -32600]);
    expect(await error(` \n[${initialize},${initialize}]`)).toEqual([400, -32600]);
    expect(await error(initialize, { ...PROTOCOL, accept: 'application/json' })).toEqual([406, -32000]);
    expect(await error(initialize, { ...PROTOCOL, 'content-type': 'text/plain' })).toEqual([415, -32000]);
    expect(await error(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { ...PROTOCOL, 'mcp-protocol-version': '1999-01-01' })).toEqual([
      400, -32000,
    ]);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    const unknownTool = (await site.both('/mcp', { method: 'POST', body: call, headers: PROTOCOL })).json<{ result: { isError: boolean } }>();
    expect(unknownTool.result.isError).toBe(true);
  });

  it('at /mcp refuses a body over 64 KB with 413, declared or sent in chunks, and closes the connection without reading the rest', async () => {
    const long = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(64 * 1024) } });
    const inProcess = await site.request('/mcp', { method: 'POST', body: long, headers: PROTOCOL });
    expect([inProcess.status, inProcess.json<{ code: string }>().code, inProcess.headers.connection]).toEqual([413, 'content_too_large', 'close']);
    const exactly = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(64 * 1024 - 70) } });
    expect(Buffer.byteLength(exactly)).toBeLessThanOrEqual(64 * 1024);
    expect((await site.request('/mcp', { method: 'POST', body: exactly, headers: PROTOCOL })).status).toBe(200);
    const port = Number(new URL(await site.listen()).port);
    const head = 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n';
    // Declared: refused before a byte of the body is read (none is sent).
    const declared = await rawRequest(port, `${head}Content-Length: 10000000\r\n\r\n`);
    expect([declared.status, JSON.parse(declared.body).code, declared.headers.connection]).toEqual([413, 'content_too_large', 'close']);
    // In chunks, never ended: refused once past the bound.
    const chunk = 'x'.repeat(8192);
    const chunks = Array.from({ length: 12 }, () => `2000\r\n${chunk}\r\n`).join('');
    const chunked = await rawRequest(port, `${head}Transfer-Encoding: chunked\r\n\r\n${chunks}`);
    expect([chunked.status, JSON.parse(chunked.body).code, chunked.headers.connection]).toEqual([413, 'content_too_large', 'close']);
  });
});

describe('/mcp with any other method', () => {
  it('is 405 with Allow: POST, OPTIONS (the server offers no event stream), and OPTIONS is a preflight allowing POST', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH']) {
      const answer = await site.both('/mcp', { method, headers: { accept: 'text/event-stream' } });
      expect([answer.status, answer.headers.allow], method).toEqual([405, 'POST, OPTIONS']);
      if (method !== 'HEAD')
        expect(answer.json<{ code: string; detail: string }>(), method).toMatchObject({
          code: 'method_not_allowed',
          detail: expect.stringContaining('by POST'),
        });
    }
    const preflight = await site.both('/mcp', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-methods': 'POST, OPTIONS',
      allow: 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version',
    });
    // Every other path's preflight is as it was.
    expect((await site.both('/r/mdi/home.json', { method: 'OPTIONS' })).headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });
});

describe('/llms.txt', () => {
  it('follows the llms.txt convention: a title, a summary quoted, sections of links', async () => {
    const answer = await site.both('/llms.txt');
    expect([answer.status, answer.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    const lines = answer.text().split('\n');
    expect(lines[0]).toBe('# icon-registry');
    expect(lines[2]).toMatch(/^> .{80,}/);
    expect(lines.filter((line) => line.startsWith('## '))).toEqual(['## For agents', '## Find icons', '## Take icons', '## Versions', '## Optional']);
    expect(lines.filter((line) => /^- \[[^\]]+\]\([^)]+\): \S/.test(line)).length).toBe(lines.filter((line) => line.startsWith('- ')).length);
  });

  it('links only to routes the registry answers, under the base path', async () => {
    for (const [s, prefix] of [
      [site, ''],
      [based, '/icons'],
    ] as const) {
      const links = [...(await s.request(`${prefix}/llms.txt`)).text().matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] as string);
      expect(links.length).toBeGreaterThan(10);
      for (const link of links) {
        expect(link.startsWith(`${prefix}/`), link).toBe(true);
        const answer = await s.request(link);
        const pinned = link.includes('@');
        // The small catalog keeps no revision: a pinned link is answered as a revision not kept, not as a missing route.
        // Its sites serve no page, and link to none.
        if (link.endsWith('/mcp')) expect(answer.status, link).toBe(405);
        else if (pinned) expect(answer.json<{ code: string }>().code, link).toBe('unknown_version');
        else expect(answer.status, link).toBe(200);
      }
    }
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../helpers/access-file.js';
import { callTool, errorText, mcpClient, structured } from '../helpers/mcp-client.js';
import { inProcessSite } from '../helpers/site.js';

/*
 * Private packs through the MCP server: the same Bearer token as on every
 * other route, sent by the protocol's client on each POST. Without a token
 * for it, a private pack is in no tool's answer and answers as a pack that
 * does not exist; with one, it is in every tool's answer.
 */

const PRIVATE = 'fixture-shapes';
const TOKENS = { design: 'design-token-0123456789abcdefghij', ci: 'ci-token-0123456789abcdefghijklmno' };
const site = inProcessSite({
  access: { packs: { [PRIVATE]: ['design'], 'fixture-repairs': ['ci'] }, tokens: { design: tokenHash(TOKENS.design), ci: tokenHash(TOKENS.ci) } },
});

let base: string;
const clients: Record<'none' | 'design' | 'ci', Client> = {} as never;

beforeAll(async () => {
  base = await site.listen();
  clients.none = await mcpClient(base);
  clients.design = await mcpClient(base, TOKENS.design);
  clients.ci = await mcpClient(base, TOKENS.ci);
});

afterAll(async () => {
  for (const client of Object.values(clients)) await client?.close();
});

/** What a call answers, with the private pack's id written as an unknown one's, to compare with the same call about a pack that does not exist. */
async function answerAbout(client: Client, tool: string, args: (pack: string) => Record<string, unknown>): Promise<{ asked: string; unknown: string }> {
  const text = async (pack: string) => JSON.stringify(await callTool(client, tool, args(pack)));
  return { asked: (await text(PRIVATE)).replaceAll(PRIVATE, 'no-such-pack'), unknown: await text('no-such-pack') };
}

const CALLS: Array<[string, (pack: string) => Record<string, unknown>]> = [
  ['get_icons', (pack) => ({ icons: [`${pack}:wide`] })],
  ['get_icons', (pack) => ({ icons: [`${pack}:wide`, `${pack}:linked`], format: 'vue' })],
  ['get_icons', (pack) => ({ icons: [`${pack}@1.0.0:wide`] })],
  ['search_icons', (pack) => ({ query: 'wide', packs: [pack] })],
  ['same_icon_in_other_packs', (pack) => ({ icon: `${pack}:wide` })],
  ['pack_changes', (pack) => ({ pack })],
  ['pack_changes', (pack) => ({ pack, from: '1.0.0' })],
  ['install_command', (pack) => ({ icons: [`${pack}:wide`] })],
];

describe('a private pack through the MCP server', () => {
  it('answers as a pack that does not exist without a token for it, in every tool', async () => {
    for (const client of [clients.none, clients.ci]) {
      for (const [tool, args] of CALLS) {
        const { asked, unknown } = await answerAbout(client, tool, args);
        expect(asked, `${tool} ${JSON.stringify(args(PRIVATE))}`).toBe(unknown);
      }
      const packs = await structured<{ packs: Array<{ id: string }> }>(client, 'list_packs', { limit: 100 });
      expect(packs.packs.map((pack) => pack.id)).not.toContain(PRIVATE);
      const found = await structured<{ results: Array<{ id: string }> }>(client, 'search_icons', { query: 'wide', limit: 50 });
      expect(found.results.some((result) => result.id.startsWith(`${PRIVATE}:`))).toBe(false);
      const suggested = await callTool(client, 'get_icons', { icons: [`${PRIVATE.slice(0, -1)}:wide`] });
      expect(JSON.stringify(suggested)).not.toContain(PRIVATE);
    }
  });

  it('is in every tool with its token, as on the HTTP routes with it', async () => {
    const auth = { authorization: `Bearer ${TOKENS.design}` };
    // The comparison above tells a served pack from an unknown one.
    for (const [tool, args] of CALLS.filter(([tool]) => tool !== 'pack_changes')) {
      const { asked, unknown } = await answerAbout(clients.design, tool, args);
      expect(asked, `${tool} ${JSON.stringify(args(PRIVATE))}`).not.toBe(unknown);
    }
    const svg = await structured<{ icons: Array<{ content: string }> }>(clients.design, 'get_icons', { icons: [`${PRIVATE}:wide`] });
    expect(svg.icons[0]?.content).toBe(await (await fetch(`${base}/${PRIVATE}/wide.svg`, { headers: auth })).text());
    const packs = await structured<{ packs: Array<{ id: string; private?: boolean }> }>(clients.design, 'list_packs', { text: 'shapes' });
    expect(packs.packs).toMatchObject([{ id: PRIVATE, private: true }]);
    const found = await structured<{ results: Array<{ id: string }> }>(clients.design, 'search_icons', { query: 'wide', limit: 5 });
    const http = (await (await fetch(`${base}/r/search.json?q=wide&limit=5`, { headers: auth })).json()) as { results: Array<{ id: string }> };
    expect(found.results.map((result) => result.id)).toEqual(http.results.map((result) => result.id));
    // A caller's private packs rank first.
    expect(found.results[0]?.id.startsWith(`${PRIVATE}:`)).toBe(true);
    expect(await structured(clients.design, 'pack_changes', { pack: PRIVATE })).toEqual({ pack: PRIVATE, versions: [], served: null });
  });

  it('installs through a namespace whose header carries the token, where the CLI sends one', async () => {
    const react = await structured<{ command: string; setup: { registries: Record<string, { url: string; headers: Record<string, string> }> } }>(
      clients.design,
      'install_command',
      { icons: [`${PRIVATE}:wide`, 'mdi:home'] },
    );
    expect(react.command).toBe(`npx shadcn add @icons/${PRIVATE}/wide ${base}/r/mdi/home.json`);
    expect(react.setup.registries).toEqual({ '@icons': { url: `${base}/r/{name}.json`, headers: { Authorization: `Bearer \${ICONS_TOKEN}` } } });
    // The namespace's URL, with the token, is the item the CLI installs.
    const item = await fetch(react.setup.registries['@icons']?.url.replace('{name}', `${PRIVATE}/wide`) ?? '', {
      headers: { authorization: `Bearer ${TOKENS.design}` },
    });
    expect(((await item.json()) as { id: string }).id).toBe(`${PRIVATE}:wide`);
    const vue = await structured<{ command: string; setup: { registries: Record<string, { url: string }> } }>(clients.design, 'install_command', {
      icons: [`${PRIVATE}:wide`],
      framework: 'vue',
    });
    expect([vue.command, vue.setup.registries['@icons']?.url]).toEqual([`npx shadcn-vue add @icons/${PRIVATE}/wide`, `${base}/r/vue/{name}.json`]);
    expect(errorText(await callTool(clients.design, 'install_command', { icons: [`${PRIVATE}:wide`], framework: 'svelte' }))).toMatch(
      /shadcn-svelte sends no token/,
    );
    const uno = await structured<{ setup: string }>(clients.design, 'get_icons', { icons: [`${PRIVATE}:wide`], format: 'unocss' });
    expect(uno.setup).toContain(
      `'${PRIVATE}': () => fetch('${base}/r/${PRIVATE}.json', { headers: { Authorization: \`Bearer \${process.env.ICONS_TOKEN}\` } })`,
    );
  });

  it('answers with a token private and uncached, and refuses a bad token as every route does', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_packs', arguments: {} } }),
      });
    const withToken = await post({ authorization: `Bearer ${TOKENS.design}` });
    expect([withToken.status, withToken.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    const bad = await post({ authorization: 'Bearer not-a-token' });
    expect([bad.status, bad.headers.get('www-authenticate'), ((await bad.json()) as { code: string }).code]).toEqual([
      401,
      'Bearer error="invalid_token"',
      'invalid_token',
    ]);
    await expect(mcpClient(base, 'not-a-token')).rejects.toThrow(/401/);
  });
});

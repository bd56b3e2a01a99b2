import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { inProcessSite } from '../helpers/site.js';

/*
 * shadcn's own MCP server (`shadcn mcp`, which coding agents run in a
 * project), driven over stdio by the protocol's client in a scratch project
 * whose components.json names the registry: it finds icons by meaning
 * through the registry's search, and gives the command that adds them.
 */

const SHADCN = join(ROOT, 'node_modules', 'shadcn', 'dist', 'index.js');
const site = inProcessSite();
let base: string;
let project: string;
let client: Client;

beforeAll(async () => {
  base = await site.listen();
  project = join(TEST_TMP, 'shadcn-mcp-project');
  rmSync(project, { recursive: true, force: true });
  cpSync(join(ROOT, 'test', 'fixtures', 'shadcn', 'project'), project, { recursive: true });
  const config = JSON.parse(readFileSync(join(project, 'components.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(project, 'components.json'), JSON.stringify({ ...config, registries: { '@icons': `${base}/r/{name}.json` } }, null, 2));
  client = new Client({ name: 'agent', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SHADCN, 'mcp'],
      cwd: project,
      env: { ...process.env, CI: '1' } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
});

const text = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('shadcn mcp in a project that names the registry', () => {
  it('finds icons by meaning through the registry’s search, as its catalog ranks them', async () => {
    const result = (await client.callTool({
      name: 'search_items_in_registries',
      arguments: { registries: ['@icons'], query: 'garbage', limit: 5 },
    })) as CallToolResult;
    const catalog = (await (await fetch(`${base}/r/registry.json?q=garbage&limit=5`, { headers: { accept: 'application/vnd.shadcn.v1+json' } })).json()) as {
      items: Array<{ name: string }>;
    };
    // No icon is named "garbage": what is found is found by meaning (mdi's delete, a trash can).
    expect(catalog.items.length).toBeGreaterThan(0);
    expect(catalog.items.filter((item) => item.name.includes('garbage'))).toEqual([]);
    expect(catalog.items.map((item) => item.name)).toContain('mdi/delete');
    const listed = [...text(result).matchAll(/^- (\S+)/gm)].map((match) => match[1]);
    expect(listed).toEqual(catalog.items.map((item) => item.name));
  }, 60_000);

  it('gives the command that adds an icon from the registry', async () => {
    const result = (await client.callTool({ name: 'get_add_command_for_items', arguments: { items: ['@icons/lucide/trash'] } })) as CallToolResult;
    expect(text(result)).toMatch(/npx shadcn@\S+ add @icons\/lucide\/trash/);
  }, 60_000);
});

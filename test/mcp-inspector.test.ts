import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MCP_TOOLS } from './helpers/mcp-client.js';
import { ROOT } from './helpers/paths.js';
import { inProcessSite } from './helpers/site.js';

/*
 * The MCP Inspector in CLI mode, as a developer checks a server from a
 * shell, against a server on 127.0.0.1: it lists the tools and calls the
 * search. It runs where the Inspector is installed (a dev dependency),
 * from node_modules only: the command its package names as its bin, which
 * is what `npx @modelcontextprotocol/inspector` finds there and runs, without
 * npm's own start before it.
 */

const run = promisify(execFile);
const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector');
const site = inProcessSite();

/** The Inspector's command: its package's bin. */
function inspectorBin(): string {
  const { bin } = JSON.parse(readFileSync(join(INSPECTOR, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(INSPECTOR, bin['mcp-inspector'] as string);
}

/** What the Inspector prints for one method: a JSON document. */
async function inspect(...args: string[]): Promise<Record<string, unknown>> {
  const url = `${await site.listen()}/mcp`;
  const { stdout } = await run(process.execPath, [inspectorBin(), '--cli', url, '--transport', 'http', ...args], {
    cwd: ROOT,
    timeout: 60_000,
  });
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as Record<string, unknown>;
}

describe.skipIf(!existsSync(INSPECTOR))('the MCP Inspector in CLI mode', () => {
  it('lists the tools', async () => {
    const listed = (await inspect('--method', 'tools/list')) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS);
  }, 120_000);

  it('calls the search, which answers what /r/search.json finds', async () => {
    const called = (await inspect('--method', 'tools/call', '--tool-name', 'search_icons', '--tool-arg', 'query=trash')) as {
      structuredContent: { results: Array<{ id: string }> };
    };
    const http = (await (await fetch(`${await site.listen()}/r/search.json?q=trash&limit=10`)).json()) as { results: Array<{ id: string }> };
    expect(called.structuredContent.results.map((result) => result.id)).toEqual(http.results.map((result) => result.id));
  }, 120_000);
});

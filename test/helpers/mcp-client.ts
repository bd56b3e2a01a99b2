import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/*
 * The protocol's own client (the SDK's Client over Streamable HTTP), as an
 * agent's host connects to the registry's MCP server at `{base}/mcp`.
 */

/** The tools the MCP server offers, sorted. */
export const MCP_TOOLS = ['get_icons', 'install_command', 'list_packs', 'pack_changes', 'same_icon_in_other_packs', 'search_icons'];

/** A client connected to the MCP server of the registry at `base`, sending `token` as every other route takes it. */
export async function mcpClient(base: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'icon-registry-tests', version: '1.0.0' });
  const headers = token === undefined ? undefined : { authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), headers ? { requestInit: { headers } } : undefined));
  return client;
}

/** A tool's answer, as the client received it. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured content of a tool's answer that must have succeeded. */
export async function structured<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await callTool(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** The text of a tool error. */
export function errorText(result: CallToolResult): string {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent)}`);
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

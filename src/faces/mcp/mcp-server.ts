import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import type { Registry } from '../../registry/registry.js';
import { MAX_TOOL_INPUT_ELEMENTS } from './limits.js';
import type { ToolContext } from './tool-context.js';
import { SAME_ICON_ELSEWHERE, sameIconElsewhere } from './tools/equivalents.js';
import { GET_ICONS, getIcons } from './tools/get-icons.js';
import { INSTALL_COMMAND, installCommand } from './tools/install-command.js';
import { LIST_PACKS, listPacks } from './tools/list-packs.js';
import { PACK_CHANGES, packChanges } from './tools/pack-changes.js';
import { SEARCH_ICONS, searchIcons } from './tools/search-icons.js';

/** One POST to the MCP server, as the protocol reads it. */
export interface McpExchange {
  /** The request headers the transport reads. */
  headers: { accept?: string; 'content-type'?: string; 'mcp-protocol-version'?: string };
  /** The body, read whole (and bounded) before the exchange is answered. */
  body: Buffer;
  /** The registry's address as the client reached it, for the URLs answers give ('' when unknown). */
  origin: string;
}

/** The transport's answer: a status, and a JSON body unless it has none (202 to notifications). */
export interface McpReply {
  status: number;
  contentType?: string;
  body?: Buffer;
}

const INSTRUCTIONS = [
  'An icon registry: the packs of the Iconify catalog and the company’s own packs.',
  'Find icons with search_icons (by meaning, in a few words), look at the SVG of each result, then take them with get_icons in the form the project uses',
  '(svg, a React, Vue, Svelte or Solid component, IconifyJSON, CSS, a UnoCSS class), or install them with the command of install_command.',
  'same_icon_in_other_packs matches an icon in other packs; list_packs gives the packs and their licences; pack_changes checks an upgrade of a pack.',
  'Icon ids are pack:name. Every answer is read-only.',
].join(' ');

/** Every tool is read-only and answers from the registry alone. */
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The tools as `tools/list` describes them. */
const DEFINITIONS = [SEARCH_ICONS, GET_ICONS, SAME_ICON_ELSEWHERE, LIST_PACKS, PACK_CHANGES, INSTALL_COMMAND];

/*
 * A server is made for each exchange, but what it would make anew each time
 * and never changes is made once: the JSON schema validator (it checks the
 * answers to questions a server asks the client, which these tools never
 * ask; the SDK builds one per server, a fifth of a small call's cost), and
 * the list of tools (converting the input schemas to JSON Schema was most of
 * the cost of a `tools/list`), converted as the SDK converts them.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();
let toolList: ListToolsResult | undefined;
function listTools(): ListToolsResult {
  toolList ??= {
    tools: DEFINITIONS.map(({ name, title, description, inputSchema }) => ({
      name,
      title,
      description,
      inputSchema: z.toJSONSchema(inputSchema, { target: 'draft-7', io: 'input' }) as ListToolsResult['tools'][number]['inputSchema'],
      annotations: ANNOTATIONS,
      // What registerTool gives a tool that is not run as a task.
      execution: { taskSupport: 'forbidden' as const },
    })),
  };
  return toolList;
}

/** A JSON-RPC error as the transport gives them, for what is refused before it: a body that is no JSON, a batch. */
function jsonRpcError(status: number, code: number, message: string): McpReply {
  return { status, contentType: 'application/json', body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })) };
}

/**
 * The MCP server's answer to one POST, made with the protocol's SDK in its
 * stateless form: a server and a transport for this exchange alone (no
 * session, no event stream: each answer is one JSON body), over the view of
 * the registry the request may see, so a private pack is in the tools'
 * answers only with its token. A batch of messages is refused: the
 * protocol's current version sends one message per POST, and one tool call
 * per request keeps each request's cost that of one call.
 */
export async function answerMcpExchange(registry: Registry, exchange: McpExchange): Promise<McpReply> {
  // Parsed here rather than read by the transport from a stream: the body is whole already.
  let message: unknown;
  try {
    message = JSON.parse(exchange.body.toString('utf8'));
  } catch {
    return jsonRpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  if (Array.isArray(message)) return jsonRpcError(400, -32600, 'Invalid Request: send one JSON-RPC message per POST; batches are not accepted.');
  const server = new McpServer(
    { name: 'icon-registry', version: registry.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS, jsonSchemaValidator: SCHEMA_VALIDATOR },
  );
  registerTools(server, { registry, origin: exchange.origin });
  server.server.setRequestHandler(ListToolsRequestSchema, listTools);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.headers)) if (value !== undefined) headers[name] = value;
    const response = await transport.handleRequest(new Request('http://registry/mcp', { method: 'POST', headers }), { parsedBody: message });
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? undefined;
    return { status: response.status, ...(contentType ? { contentType } : {}), ...(body.length ? { body } : {}) };
  } finally {
    await server.close();
  }
}

function registerTools(server: McpServer, context: ToolContext): void {
  const { name: search, ...searchConfig } = SEARCH_ICONS;
  server.registerTool(search, { ...searchConfig, annotations: ANNOTATIONS }, (args) => searchIcons(context, args));
  const { name: icons, ...iconsConfig } = GET_ICONS;
  server.registerTool(icons, { ...iconsConfig, annotations: ANNOTATIONS }, (args) => getIcons(context, args));
  const { name: elsewhere, ...elsewhereConfig } = SAME_ICON_ELSEWHERE;
  server.registerTool(elsewhere, { ...elsewhereConfig, annotations: ANNOTATIONS }, (args) => sameIconElsewhere(context, args));
  const { name: packs, ...packsConfig } = LIST_PACKS;
  server.registerTool(packs, { ...packsConfig, annotations: ANNOTATIONS }, (args) => listPacks(context, args));
  const { name: changes, ...changesConfig } = PACK_CHANGES;
  server.registerTool(changes, { ...changesConfig, annotations: ANNOTATIONS }, (args) => packChanges(context, args));
  const { name: install, ...installConfig } = INSTALL_COMMAND;
  server.registerTool(install, { ...installConfig, annotations: ANNOTATIONS }, (args) => installCommand(context, args));
}

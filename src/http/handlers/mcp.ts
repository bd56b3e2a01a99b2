import { answerMcpExchange, type McpReply } from '../../faces/mcp/mcp-server.js';
import { memoryResource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import type { Answer, RequestContext } from '../answer.js';

/** The methods the MCP server's path answers: POST carries the protocol's messages; there is no event stream to GET. */
export const MCP_ALLOWED_METHODS = 'POST, OPTIONS';

/** A host as a Host header names one: a name or an address, and a port. */
const HOST = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$/;

/**
 * A POST to `{base}/mcp`: its body goes to the MCP face, which answers it
 * with the protocol's SDK, and the answer goes out through the one writer
 * like every other (its headers, its coding, its log line). It changes
 * nothing and is never cached.
 */
export async function answerMcp(request: RequestContext, registry: Registry): Promise<Answer> {
  const { headers } = request;
  const reply = await answerMcpExchange(registry, {
    headers: { accept: headers.accept, 'content-type': headers['content-type'], 'mcp-protocol-version': headers['mcp-protocol-version'] },
    body: request.body ?? Buffer.alloc(0),
    origin: originOf(request),
  });
  return answerOf(reply);
}

function answerOf(reply: McpReply): Answer {
  if (!reply.body) return { status: reply.status, headers: { 'cache-control': 'no-store' } };
  return {
    status: reply.status,
    resource: memoryResource(
      { status: reply.status, contentType: reply.contentType ?? 'application/json', lastModified: undefined, cacheControl: 'no-store' },
      reply.body,
    ),
  };
}

/**
 * Where the client reached the registry, for the URLs the tools give: the
 * Host it named, with the scheme a proxy in front says it received
 * (`X-Forwarded-Proto`), http otherwise; none without a usable Host.
 */
function originOf(request: RequestContext): string {
  const host = request.headers.host;
  if (host === undefined || !HOST.test(host)) return '';
  const forwarded = request.headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  return `${forwarded === 'https' ? 'https' : 'http'}://${host}`;
}

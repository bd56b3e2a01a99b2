/** The request headers the registry reads; every other header is never looked at. */
export interface RequestHeaders {
  accept?: string;
  'accept-encoding'?: string;
  'access-control-request-headers'?: string;
  authorization?: string;
  /** The MCP server's: its messages are JSON. */
  'content-type'?: string;
  /** The authority the client reached the registry at: npm's packuments and the MCP server's install commands name absolute addresses. */
  host?: string;
  'if-modified-since'?: string;
  'if-none-match'?: string;
  /** The MCP server's: the protocol version a client speaks after initialising. */
  'mcp-protocol-version'?: string;
  /** The scheme a proxy in front received the request with, for the same addresses. */
  'x-forwarded-proto'?: string;
}

const READ: ReadonlySet<string> = new Set<keyof RequestHeaders>([
  'accept',
  'accept-encoding',
  'access-control-request-headers',
  'authorization',
  'content-type',
  'host',
  'if-modified-since',
  'if-none-match',
  'mcp-protocol-version',
  'x-forwarded-proto',
]);
const READ_LENGTHS: ReadonlySet<number> = new Set([...READ].map((name) => name.length));

/**
 * The headers the registry reads, from a request's raw [name, value, ...]
 * list. Node builds `request.headers` (every header, lower-cased, joined)
 * on first use, which cost a sixth of a small document's whole answer; this
 * looks only at names of the right lengths. Repeated headers are joined with
 * ', ', as Node joins them.
 */
export function readRequestHeaders(raw: readonly string[]): RequestHeaders {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!READ_LENGTHS.has(name.length)) continue;
    const lower = name.toLowerCase();
    if (!READ.has(lower)) continue;
    const value = raw[i + 1] as string;
    headers[lower] = headers[lower] === undefined ? value : `${headers[lower]}, ${value}`;
  }
  return headers;
}

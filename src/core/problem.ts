import { pathOf } from './paths.js';

/** An error answer as an RFC 9457 problem document, before it becomes bytes. */
export interface Problem {
  status: number;
  code: string;
  detail: string;
  suggestions?: string[];
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problemJson(problem: Problem): string {
  return JSON.stringify({
    type: 'about:blank',
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    code: problem.code,
    detail: problem.detail,
    ...(problem.suggestions ? { suggestions: problem.suggestions } : {}),
  });
}

/** Echoes client-supplied text in a detail without letting it grow the answer. */
export function quoted(value: string): string {
  return `'${value.length > 128 ? `${value.slice(0, 128)}…` : value}'`;
}

export const badRequest = (detail: string): Problem => ({ status: 400, code: 'bad_request', detail });
/** A path that addresses nothing; the detail points to the index under the base path. */
export const notFound = (basePath: string): Problem => ({
  status: 404,
  code: 'not_found',
  detail: `No resource at this path. See ${pathOf({ kind: 'index' }, basePath)}.`,
});
export const uriTooLong = (limit: number): Problem => ({
  status: 414,
  code: 'uri_too_long',
  detail: `The request target is longer than ${limit} bytes.`,
});
export const methodNotAllowed = (method: string): Problem => ({
  status: 405,
  code: 'method_not_allowed',
  detail: `Method ${quoted(method)} is not allowed; use GET, HEAD or OPTIONS.`,
});
/** A method the MCP server's path does not answer: only POST carries the protocol's messages there. */
export const mcpMethodNotAllowed = (method: string): Problem => ({
  status: 405,
  code: 'method_not_allowed',
  detail: `Method ${quoted(method)} is not allowed here: the MCP server takes its messages by POST, and offers no event stream to GET.`,
});
export const contentTooLarge = (limit: number): Problem => ({
  status: 413,
  code: 'content_too_large',
  detail: `The request body is longer than ${limit} bytes.`,
});
export const internalError = (): Problem => ({ status: 500, code: 'internal_error', detail: 'The server failed to answer this request.' });
/** More searches are waiting for the search thread than it may queue: the client is to try again shortly. */
export const searchBusy = (): Problem => ({
  status: 503,
  code: 'search_busy',
  detail: 'The server has too many searches waiting; try again in a second.',
});

import { STATUS_CODES } from 'node:http';
import { problemJson, type Problem } from '../registry/problem.js';
import { PROBLEM_TYPE } from '../registry/resource.js';

/**
 * A complete HTTP/1.1 response for a connection that never became a request
 * (the parser failed), so there is no reply object to write through.
 */
export function rawProblemResponse(problem: Problem, extraHeaders: Record<string, string> = {}): string {
  const body = problemJson(problem);
  return [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}`,
    `content-type: ${PROBLEM_TYPE}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'access-control-allow-origin: *',
    'x-content-type-options: nosniff',
    'cache-control: no-store',
    ...Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

import { expect } from 'vitest';

/** The body of a problem answer (RFC 9457, with the registry's `code`). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  suggestions?: string[];
}

/**
 * Checks the shape every problem answer shares, wherever it was read (a
 * socket or the in-process tier), and returns its body: the status, the
 * media type and headers every answer carries, the fields, and no trace of
 * the server's code or paths in the text.
 */
export function expectProblem(
  response: { status: number; headers: Record<string, string | undefined>; text: string },
  status: number,
  code: string,
): ProblemBody {
  expect(response.status, response.text).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.text) as ProblemBody;
  expect(body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(response.text).not.toMatch(/\bat \S+ \(|\/work\/|node_modules|\.[tj]s:\d/);
  return body;
}

import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { writeAccessFile } from './access-file.js';
import { TEST_TMP } from './paths.js';
import { startTestServer, type TestServer } from './server.js';

/** An answer of `/r/search.json`. */
export interface SearchAnswer {
  query: string;
  total: number;
  didYouMean?: string;
  results: Array<{ id: string; pack: string; name: string; variants: string[]; equivalentOf?: string; width: number; height: number; body: string }>;
}

/** The fixture pack the search tests' server keeps private, and the token that reads it. */
export const PRIVATE_PACK = 'fixture-shapes';
export const TOKEN = 'search-meaning-token-0123456789abcdef';

/** The server the tests of search by meaning ask: the test catalog, PRIVATE_PACK readable with TOKEN only. */
export async function startSearchServer(): Promise<TestServer> {
  const work = join(TEST_TMP, 'search-meaning');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const access = join(work, 'access.json');
  writeAccessFile(access, { [PRIVATE_PACK]: ['team'] }, { team: TOKEN });
  return startTestServer({ args: ['--access', access] });
}

/** `/r/search.json` with `params`, which must answer 200. */
export async function searchMeaning(server: TestServer, params: Record<string, string>, headers: Record<string, string> = {}): Promise<SearchAnswer> {
  const response = await fetch(`${server.base}/r/search.json?${new URLSearchParams(params)}`, { headers });
  expect(response.status, JSON.stringify(params)).toBe(200);
  return (await response.json()) as SearchAnswer;
}

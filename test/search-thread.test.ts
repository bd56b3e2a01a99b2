import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * Searches run in a thread of their own: while costly searches are being
 * made, the server answers a document at once rather than after them, a
 * miss's suggestions go before the searches waiting, and a flood of searches
 * waits in a bounded queue, past which a search is refused
 * with a 503 to retry and a missing icon is answered without suggestions.
 * No answer is kept (`--cache-mb 0`), so each request searches again.
 */

/** A search that takes the most of its work budget: a two-letter word completed to 1,800 keywords, every result asked for. */
const costlySearch = (i: number) => `/search?query=home+user+er&limit=999&request=${i}`;
/** More searches at once than the server queues (64). */
const FLOOD = 90;

/**
 * Sends a GET and resolves, once the whole request is written to its socket,
 * with the promise of its status and JSON body: what is sent after the first
 * promise resolves reaches the server after this request.
 */
function sent(url: string): Promise<{ answer: Promise<{ status: number; body: unknown }> }> {
  return new Promise((resolveSent, reject) => {
    const answer = new Promise<{ status: number; body: unknown }>((resolveAnswer, rejectAnswer) => {
      const outgoing = request(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        response.on('error', rejectAnswer);
      });
      outgoing.on('error', (error) => {
        reject(error);
        rejectAnswer(error);
      });
      outgoing.on('finish', () => resolveSent({ answer }));
      outgoing.end();
    });
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ args: ['--cache-mb', '0'] });
  // A first costly search, so that what follows meets searches running, not code compiled for the first time.
  expect((await fetch(`${server.base}${costlySearch(0)}`)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('search in a thread of its own', () => {
  it('answers a document sent after four costly searches before any of them', async () => {
    const finished: string[] = [];
    // Each search written whole to its socket before the document is sent: the server has them first.
    const sending = await Promise.all([1, 2, 3, 4].map((i) => sent(`${server.base}${costlySearch(i)}`)));
    const searches = sending.map(async ({ answer }, i) => {
      const { status, body } = await answer;
      expect(status).toBe(200);
      expect((body as { icons: string[] }).icons.length).toBeGreaterThan(0);
      finished.push(`search ${i + 1}`);
    });
    const document = await fetch(`${server.base}/r/mdi/home.json`);
    expect(document.status).toBe(200);
    finished.push('document');
    await Promise.all(searches);
    expect(finished[0]).toBe('document');
  });

  it('answers a miss sent after four costly searches once the one then running is done, before the three waiting', async () => {
    const finished: string[] = [];
    const sending = await Promise.all([1, 2, 3, 4].map((i) => sent(`${server.base}${costlySearch(10 + i)}`)));
    const searches = sending.map(async ({ answer }, i) => {
      expect((await answer).status).toBe(200);
      finished.push(`search ${i + 1}`);
    });
    // A name no other request asks for: no miss answer kept, so its suggestions are searched now.
    const miss = await fetch(`${server.base}/r/mdi/acount.json`);
    expect(miss.status).toBe(404);
    expect(((await miss.json()) as { suggestions: string[] }).suggestions[0]).toBe('mdi:account');
    finished.push('miss');
    await Promise.all(searches);
    // The search thread runs one job at a time, to its end: the miss waits for the search it found running, at most.
    expect(finished.indexOf('miss')).toBeLessThanOrEqual(1);
  });

  it('refuses the searches past its queue with 503 search_busy and Retry-After, and answers the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, async (_, i) => {
        const response = await fetch(`${server.base}${costlySearch(100 + i)}`);
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
      }),
    );
    const refused = answers.filter((answer) => answer.status === 503);
    const answered = answers.filter((answer) => answer.status === 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length + answered.length).toBe(FLOOD);
    for (const answer of refused) {
      expect(answer.retryAfter).toBe('1');
      expect(answer.body.code).toBe('search_busy');
    }
    for (const answer of answered) expect((answer.body.icons as string[]).length).toBeGreaterThan(0);
    // The thread is not worn out by it: the next search is answered.
    expect((await fetch(`${server.base}${costlySearch(1000)}`)).status).toBe(200);
  });

  it('answers a missing icon with its suggestions, found in the search thread', async () => {
    const response = await fetch(`${server.base}/r/mdi/hoem.json`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { suggestions: string[] }).suggestions).toEqual([
      'mdi:home',
      'mdi:home-add',
      'mdi:home-bulb',
      'mdi:home-city',
      'mdi:home-edit',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { listenLocally } from './http.js';

/**
 * Serves the JSON files of a fixture folder on 127.0.0.1, as the public
 * registry a CLI fetches beside ours would (colours, an index of its own
 * components), so that the CLI runs offline. `requests` records every path asked for.
 */
export async function startStaticFixture(dir: string): Promise<Awaited<ReturnType<typeof listenLocally>> & { requests: string[] }> {
  const requests: string[] = [];
  const server = await listenLocally((request, response) => {
    const path = (request.url ?? '/').split('?')[0] as string;
    requests.push(path);
    const file = normalize(join(dir, path));
    try {
      if (!file.startsWith(dir) || !file.endsWith('.json')) throw new Error('outside the fixture');
      response.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  return { ...server, requests };
}

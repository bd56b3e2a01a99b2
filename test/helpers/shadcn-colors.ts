import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listenLocally } from './http.js';
import { ROOT } from './paths.js';

/**
 * What the shadcn CLI fetches beside the registry, {REGISTRY_URL}/colors/<baseColor>.json,
 * served from the fixture copy on 127.0.0.1, so that the CLI runs offline. `requests`
 * records every path asked for.
 */
export async function startShadcnColors(): Promise<Awaited<ReturnType<typeof listenLocally>> & { requests: string[] }> {
  const requests: string[] = [];
  const server = await listenLocally((request, response) => {
    requests.push(request.url ?? '');
    const match = /^\/colors\/([a-z]+)\.json$/.exec(request.url ?? '');
    try {
      const body = readFileSync(join(ROOT, 'test', 'fixtures', 'shadcn', 'colors', `${match?.[1] ?? 'missing'}.json`));
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return { ...server, requests };
}

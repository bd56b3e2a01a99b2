import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { HeaderLines } from '../../src/http/header-lines.js';
import { respond } from '../../src/http/respond.js';
import { Registry } from '../../src/registry/registry.js';

/**
 * The documents at `targets`, as a registry opened now on the data directory
 * answers them (as a server started now would): its default catalog, its
 * updates' database when there is one, and its history. Each must answer 200.
 */
export async function documentsNow(dataDir: string, targets: readonly string[]): Promise<Record<string, string>> {
  const catalog = new Catalog(['catalog.db', 'updates.db'].map((file) => join(dataDir, file)).filter((path) => existsSync(path)));
  const history = new RevisionHistory(join(dataDir, 'history.db'), true);
  try {
    const registry = new Registry(catalog, { version: '0.0.0-test', history });
    const answered: Record<string, string> = {};
    for (const target of targets) {
      const response = await respond(registry, { method: 'GET', target }, { lines: new HeaderLines(3600) });
      expect(response.status, target).toBe(200);
      answered[target] = response.body.toString('utf8');
    }
    return answered;
  } finally {
    history.close();
    catalog.close();
  }
}

/** The version a pack document's info names. */
export const versionIn = (document: string | undefined) => (JSON.parse(document as string) as { info: { version: string } }).info.version;

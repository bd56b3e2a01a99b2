import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { compress } from '../compression.js';
import { etagOf } from '../etag.js';
import { PackError, preparePack } from './prepare-pack.js';
import type { PreparedFile, PrepareRequest } from './build-messages.js';

/**
 * Does the CPU-heavy part of a build for one file at a time: parse,
 * validate, resolve every icon, serialise and compress. The main thread
 * only writes what comes back into the database.
 */
function prepare(request: PrepareRequest): PreparedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(request.path, 'utf8'));
  } catch (error) {
    return { error: `cannot read JSON: ${(error as Error).message}` };
  }
  try {
    const pack = preparePack(raw, request.expectedId, request.untrusted);
    const document = Buffer.from(pack.document);
    return {
      pack: {
        id: pack.id,
        entry: JSON.stringify(pack.entry),
        lastModified: pack.lastModified,
        document,
        br: compress(document, 'br', 'build'),
        gzip: compress(document, 'gzip', 'build'),
        etag: etagOf(document),
        icons: pack.icons.map(([name, data]) => [name, JSON.stringify(data)]),
        iconCount: pack.iconCount,
        aliasCount: pack.aliasCount,
        warnings: pack.warnings,
      },
    };
  } catch (error) {
    if (error instanceof PackError) return { error: error.message };
    throw error;
  }
}

// Results are copied, not transferred: small Buffers share Node's pool, which must not be detached.
parentPort?.on('message', (request: PrepareRequest) => parentPort?.postMessage(prepare(request)));

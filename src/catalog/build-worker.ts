import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { compress } from '../compression.js';
import { etagOf } from '../etag.js';
import { PackError, preparePack } from './prepare-pack.js';
import type { PreparedFile, PrepareRequest } from './build-messages.js';
import type { FileWarning } from './svg-folder.js';

/** The source as IconifyJSON, and warnings about the files it was made of. */
async function readSource(request: PrepareRequest): Promise<{ raw: unknown; warnings: FileWarning[] }> {
  if (request.kind === 'svg-folder') {
    // Loaded only for folders: a build of @iconify/json alone never pays for SVGO.
    const { importSvgFolder } = await import('./svg-folder.js');
    try {
      const imported = await importSvgFolder(request.path, basename(request.path));
      return { raw: imported.pack, warnings: imported.warnings };
    } catch (error) {
      if (error instanceof PackError) throw error;
      throw new PackError(`cannot import the folder: ${(error as Error).message}`);
    }
  }
  try {
    return { raw: JSON.parse(readFileSync(request.path, 'utf8')), warnings: [] };
  } catch (error) {
    throw new PackError(`cannot read JSON: ${(error as Error).message}`);
  }
}

/**
 * Does the CPU-heavy part of a build for one source at a time: read or
 * import, validate, resolve every icon, serialise and compress. The main
 * thread only writes what comes back into the database.
 */
async function prepare(request: PrepareRequest): Promise<PreparedFile> {
  try {
    const source = await readSource(request);
    const pack = preparePack(source.raw, request.expectedId, request.untrusted);
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
        warnings: [...source.warnings, ...pack.warnings.map((message) => ({ file: request.path, message }))],
      },
    };
  } catch (error) {
    if (error instanceof PackError) return { error: error.message };
    throw error;
  }
}

// Results are copied, not transferred: small Buffers share Node's pool, which must not be detached.
parentPort?.on('message', (request: PrepareRequest) => {
  void prepare(request).then((result) => parentPort?.postMessage(result));
});

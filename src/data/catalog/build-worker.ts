import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { compress } from '../../util/compression.js';
import { etagOf } from '../../util/etag.js';
import { PackError, preparePack, type PreparedPack } from './prepare-pack.js';
import type { PreparedFile, PrepareRequest } from './build-messages.js';
import { MAX_JSON_PACK_BYTES, readSourceText } from './source-file.js';
import type { FileWarning } from './svg-folder.js';

/** The SVG folder import: loaded only for folders (a build of @iconify/json alone never pays for SVGO), or at once when asked. */
let folderImport: Promise<typeof import('./svg-folder.js')> | undefined;
const loadFolderImport = () => (folderImport ??= import('./svg-folder.js'));
if ((workerData as { forFolders?: boolean } | undefined)?.forFolders) void loadFolderImport();

/** The source prepared for the catalog, with warnings each naming the file it concerns. */
async function prepareSource(request: PrepareRequest): Promise<{ pack: PreparedPack; warnings: FileWarning[] }> {
  if (request.kind === 'svg-folder') {
    const { prepareSvgFolder } = await loadFolderImport();
    try {
      return await prepareSvgFolder(request.path, basename(request.path), request.lastGood, request.revision);
    } catch (error) {
      if (error instanceof PackError) throw error;
      throw new PackError(`cannot import the folder: ${(error as Error).message}`);
    }
  }
  // The operator's files are read with the bounds of untrusted input; @iconify/json's as they are.
  const text = request.untrusted ? readSourceText(request.path, MAX_JSON_PACK_BYTES) : readFileSync(request.path, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new PackError(`cannot read JSON: ${(error as Error).message}`);
  }
  const pack = preparePack(raw, request.expectedId, request.untrusted, request.revision);
  return { pack, warnings: pack.warnings.map((message) => ({ file: request.path, message })) };
}

/**
 * Does the CPU-heavy part of a build for one source at a time: read or
 * import, validate, resolve every icon, serialise and compress. The main
 * thread only writes what comes back into the database.
 */
async function prepare(request: PrepareRequest): Promise<PreparedFile> {
  try {
    const { pack, warnings } = await prepareSource(request);
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
        iconCount: pack.iconCount,
        aliasCount: pack.aliasCount,
        iconify: pack.iconify,
        warnings,
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

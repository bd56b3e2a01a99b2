import { loadPageAssets } from '../faces/page/assets.js';
import { ExportRefused, exportRegistry } from './export/export.js';
import { exportProgressPrinter } from './export-output.js';
import { fail } from './fail.js';
import type { ExportCommandOptions } from './options.js';
import { packageVersion } from './package-version.js';
import { prepareCatalog } from './prepare-catalog.js';
import { readAccessFile } from './watch-access.js';

/** `icon-registry export DIR`: makes the catalog current, then writes every document it serves as static files. */
export async function exportCommand(options: ExportCommandOptions): Promise<number> {
  let excludePacks: Set<string> | undefined;
  if (options.accessFile !== undefined && !options.includePrivate) {
    const file = readAccessFile(options.accessFile);
    if (typeof file === 'string') return fail(file, 1);
    excludePacks = new Set(file.policy.packs.keys());
  }
  await prepareCatalog(options);
  const printer = exportProgressPrinter();
  try {
    const page = options.ui ? loadPageAssets() : undefined;
    const result = await exportRegistry({ ...options, version: packageVersion(), excludePacks, page }, (progress) => printer.progress(progress));
    printer.finished(result, options.outDir);
    return 0;
  } catch (error) {
    if (error instanceof ExportRefused) return fail(error.message, 1);
    throw error;
  }
}

import type { CatalogOptions } from './options.js';
import { prepareCatalog } from './prepare-catalog.js';

/** `icon-registry build`: builds what is out of date of the catalog, or all of it with --force. */
export async function buildCommand(options: CatalogOptions & { force: boolean }): Promise<number> {
  if (!(await prepareCatalog(options, options.force))) process.stderr.write(`catalog is current (${options.dataDir})\n`);
  return 0;
}

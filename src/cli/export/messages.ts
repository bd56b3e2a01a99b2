/** Messages between the exporter and its worker threads. */

export interface ExportSetup {
  /** Data directory of the catalog. */
  dataDir: string;
  basePath: string;
  onlyPacks: string[] | undefined;
  /** Directory being written. */
  root: string;
  /** The export being replaced, if any: unchanged files are linked from it. */
  previous: string | undefined;
  compress: boolean;
  /** Version of icon-registry, as the server states it in the OpenAPI description. */
  version: string;
}

/**
 * Render and write the documents of `pack` (its pack document and zip when
 * `document`, and these icons), or link every file of an unchanged pack.
 * With `version`, those of that pinned revision of the pack (its icons'
 * framework documents too), written once and linked from then on, its zip
 * with them when it has one.
 */
export type ExportTask =
  | { pack: string; version?: string; document: boolean; names: string[] }
  | { linkPack: string; version?: undefined }
  | { linkPack: string; version: string; zip: boolean };

/** Messages between the build and its worker threads. */
import type { IconifyView } from './iconify-view.js';
import type { SourceFile } from './sources.js';
import type { FileWarning, LastGoodIcons } from './svg-folder.js';

export interface PrepareRequest {
  path: string;
  kind: SourceFile['kind'];
  /** The id a default pack must have (its file name); undefined for own packs. */
  expectedId: string | undefined;
  /** The operator's files are untrusted: their bodies are checked for unsafe markup. */
  untrusted: boolean;
  /** The revision that the pack's document and registry entry name as `info.version`; the Iconify API's forms keep the pack's own version. */
  revision?: string;
  /** For a folder: the icons the previous build served of it, kept for files that no longer parse. */
  lastGood?: LastGoodIcons;
}

/** A pack ready to be written: every field already in its stored form. */
export interface StoredPack {
  id: string;
  /** Registry entry, JSON. */
  entry: string;
  lastModified: number | undefined;
  document: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  iconCount: number;
  aliasCount: number;
  /** What the Iconify API's routes serve of the pack. */
  iconify: IconifyView;
  /** Problems repaired by dropping something, each with the file it concerns. */
  warnings: FileWarning[];
}

export type PreparedFile = { pack: StoredPack; error?: undefined } | { error: string; pack?: undefined };

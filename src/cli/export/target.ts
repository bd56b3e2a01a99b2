import { lstatSync, readdirSync, realpathSync, rmSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { isRunning } from '../../util/work-files.js';
import { filesOf, type Manifest, readManifest } from './manifest.js';

/** The export cannot start as asked; the message says why. */
export class ExportRefused extends Error {}

/** Where an export is written, once checked. */
export interface ExportTarget {
  /** The directory replaced by the new export (a symlink's target when the path given is a symlink). */
  dir: string;
  /** The earlier export in it, if any. */
  previous: Manifest | undefined;
}

/** Stages of an export's work directories beside its target: `<target>.<pid>.<stage>`. */
export const WORK_STAGES = ['exporting', 'replaced'] as const;
/** Put into a directory being exported, so that an abandoned one is known for ours. */
export const WORK_MARKER = '.icon-registry-export-work';

/**
 * Checks the path an export is asked to write, before anything is written:
 * it must not exist, be an empty directory, or hold an earlier export that
 * holds nothing but the files that export wrote. A symlink to such a
 * directory is followed and stays a symlink (so a `current -> releases/N`
 * layout keeps working); any other symlink, a file, or a directory holding
 * something else is refused.
 */
export function checkExportTarget(outDir: string): ExportTarget {
  const path = resolve(outDir);
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return { dir: path, previous: undefined }; // nothing there yet
  }
  let dir = path;
  if (link) {
    try {
      dir = realpathSync(path);
    } catch {
      throw new ExportRefused(`${outDir} is a symbolic link to nothing: refusing to replace it`);
    }
  }
  if (!statSync(dir).isDirectory()) throw new ExportRefused(`${outDir} is ${link ? 'a symbolic link to ' : ''}a file, not a directory: refusing to replace it`);
  const previous = readManifest(dir);
  if (!previous) {
    if (readdirSync(dir).length > 0) throw new ExportRefused(`${outDir} is not empty and holds no earlier export: refusing to replace it`);
    return { dir, previous: undefined };
  }
  const foreign = foreignFiles(dir, previous);
  if (foreign.length > 0) {
    throw new ExportRefused(
      `${outDir} holds files the earlier export did not write (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', ...' : ''}): move them away first`,
    );
  }
  return { dir, previous };
}

/** Files and other entries under `dir` that are not among those `manifest` names. */
function foreignFiles(dir: string, manifest: Manifest): string[] {
  const written = filesOf(manifest);
  const foreign: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]) {
    if (entry.isDirectory()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (!entry.isFile() || !written.has(path)) foreign.push(path);
  }
  return foreign;
}

/**
 * Removes the work directories that killed exports left beside `dir`, of
 * any target in that directory: `<name>.<pid>.exporting` holding our marker
 * or nothing, or `<name>.<pid>.replaced` holding an export, whose process is
 * gone.
 */
export function removeAbandonedExports(dir: string): void {
  const parent = dirname(dir);
  for (const name of readdirSync(parent)) {
    const match = /^(.+)\.(\d+)\.(exporting|replaced)$/.exec(name);
    if (!match || isRunning(Number(match[2]))) continue;
    const path = join(parent, name);
    // An empty one is a work directory killed before it was marked: nothing else there to keep.
    const ours = hasMarker(path) || readManifest(path) !== undefined || isEmptyDirectory(path);
    if (ours && basename(path) !== basename(dir)) rmSync(path, { recursive: true, force: true });
  }
}

function isEmptyDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory() && readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

function hasMarker(path: string): boolean {
  try {
    return statSync(join(path, WORK_MARKER)).isFile();
  } catch {
    return false;
  }
}

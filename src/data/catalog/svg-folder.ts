// The modules themselves, not the package's index: it loads downloaders and exporters too, which a rebuild under --watch would wait for.
import { isEmptyColor, parseColors } from '@iconify/tools/lib/colors/parse';
import type { IconSet } from '@iconify/tools/lib/icon-set';
import { blankIconSet } from '@iconify/tools/lib/icon-set';
import { runSVGO } from '@iconify/tools/lib/optimise/svgo';
import { SVG } from '@iconify/tools/lib/svg';
import { cleanupSVG } from '@iconify/tools/lib/svg/cleanup';
import type { IconifyIcon, IconifyJSON } from '@iconify/types';
import { colorToString } from '@iconify/utils';
import { lstatSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { iconNameOfFile } from '../../util/names.js';
import { PackError, preparePack, type PreparedPack } from './prepare-pack.js';
import { MAX_SVG_BYTES, readSourceText } from './source-file.js';
import { svgFileExcess } from './svg-file-limits.js';
import { unsafeMarkupReason } from './unsafe-markup.js';

/** The optional file beside the SVGs that describes the pack. */
export const PACK_METADATA_FILE = 'pack.json';

/** What the previous build served of a folder's icons (resolved, with their own size), by name. */
export type LastGoodIcons = ReadonlyMap<string, IconifyIcon>;

/** Something about one SVG file that the operator must hear of. */
export interface FileWarning {
  file: string;
  message: string;
}

/** A folder of SVG files as IconifyJSON, with what was refused along the way. */
interface ImportedFolder {
  pack: IconifyJSON;
  warnings: FileWarning[];
}

/**
 * Imports a folder of SVG files as IconifyJSON with `@iconify/tools`: each
 * file within the bounds of its size and shape (`svgFileExcess`) is parsed
 * and cleaned (`cleanupSVG` removes scripts, event handlers and unknown
 * elements, and refuses what it cannot clean), monotone icons get
 * `currentColor` while palette icons keep their colours, and SVGO optimises
 * the result. The pack id is `id`; `pack.json`, when present, gives `info`
 * fields and may set `width`/`height`. A file that cannot be imported is
 * left out with a warning naming it; the caller checks the cleaned bodies
 * again, as for any untrusted IconifyJSON.
 */
function importSvgFolder(dir: string, id: string, lastGood: LastGoodIcons): ImportedFolder {
  const warnings: FileWarning[] = [];
  const metadata = readMetadata(dir);
  const fileOfName = nameFiles(dir, warnings);
  const iconSet = blankIconSet(id);
  for (const [name, file] of fileOfName) {
    const path = join(dir, file);
    let svg: SVG;
    try {
      const text = readSourceText(path, MAX_SVG_BYTES);
      // Refused before the tooling reads it: some shapes would hold the whole folder's build.
      const excess = svgFileExcess(text);
      if (excess) throw new PackError(excess);
      svg = new SVG(text);
      cleanupSVG(svg);
      iconSet.fromSVG(name, svg);
    } catch (error) {
      // A file being written (or broken by an editor) keeps the icon it gave last time, so nothing that was served disappears.
      const previous = lastGood.get(name);
      if (previous) {
        iconSet.setIcon(name, previous);
        warnings.push({ file: path, message: `${(error as Error).message}; still serving its last good version` });
      } else warnings.push({ file: path, message: `rejected: ${(error as Error).message}` });
      continue;
    }
    cleanIcon(iconSet, name, path, warnings);
  }
  const pack = withDefaultSize(iconSet.export(), metadata.size);
  return {
    pack: {
      ...pack,
      info: { ...pack.info, ...metadata.info } as IconifyJSON['info'],
      lastModified: newestModification(dir),
      ...(metadata.tags === undefined ? {} : { tags: metadata.tags }),
    },
    warnings,
  };
}

/**
 * A folder imported and then prepared as any untrusted pack (validated, its
 * bodies checked again, `info` completed, its document naming `revision`
 * when given): what a build stores and what `icon-registry import` writes.
 * Every warning names the file it concerns.
 */
export async function prepareSvgFolder(
  dir: string,
  id: string,
  lastGood: LastGoodIcons = new Map(),
  revision?: string,
): Promise<{ pack: PreparedPack; warnings: FileWarning[] }> {
  const imported = importSvgFolder(dir, id, lastGood);
  const pack = preparePack(imported.pack, id, true, revision);
  return { pack, warnings: [...imported.warnings, ...pack.warnings.map((message) => ({ file: dir, message }))] };
}

/**
 * Makes `size` the pack's default width and height without changing any
 * icon: icons of that size leave it out, the others state their own.
 */
function withDefaultSize(pack: IconifyJSON, size: PackMetadata['size']): IconifyJSON {
  const result: IconifyJSON = { ...pack, icons: {} };
  for (const key of ['width', 'height'] as const) if (size[key] !== undefined) result[key] = size[key];
  for (const [name, icon] of Object.entries(pack.icons)) {
    const own = { ...icon };
    for (const key of ['width', 'height'] as const) {
      const actual = icon[key] ?? pack[key] ?? 16;
      if (actual === (result[key] ?? 16)) delete own[key];
      else own[key] = actual;
    }
    result.icons[name] = own;
  }
  return result;
}

/**
 * The icon name of each SVG file, decided in file-name order so that the same
 * folder always gives the same names: when two files give one name, the first
 * keeps it and the other is refused.
 */
function nameFiles(dir: string, warnings: FileWarning[]): Map<string, string> {
  const fileOfName = new Map<string, string>();
  const entries = readdirSync(dir, { withFileTypes: true }).filter((entry) => extname(entry.name).toLowerCase() === '.svg');
  for (const entry of entries) {
    if (entry.isSymbolicLink()) warnings.push({ file: join(dir, entry.name), message: 'rejected: a symbolic link: not followed' });
    else if (!entry.isFile()) warnings.push({ file: join(dir, entry.name), message: 'rejected: not a regular file' });
  }
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  for (const file of files) {
    const name = iconNameOfFile(file.slice(0, -'.svg'.length));
    const earlier = name === undefined ? undefined : fileOfName.get(name);
    if (name === undefined) warnings.push({ file: join(dir, file), message: 'rejected: the file name gives no valid icon name' });
    else if (earlier) warnings.push({ file: join(dir, file), message: `rejected: icon name "${name}" is already taken by ${earlier}` });
    else fileOfName.set(name, file);
  }
  return fileOfName;
}

/** Colours and SVGO, one icon at a time: an icon that fails is dropped, the rest stay. */
function cleanIcon(iconSet: IconSet, name: string, path: string, warnings: FileWarning[]): void {
  try {
    const svg = iconSet.toSVG(name);
    if (!svg) throw new Error('no SVG to clean');
    applyColourRule(svg);
    runSVGO(svg);
    // What the clean-up let through is checked as strictly as any untrusted body.
    const unsafe = unsafeMarkupReason(svg.getBody());
    if (unsafe) throw new Error(`unsafe markup (${unsafe})`);
    iconSet.fromSVG(name, svg);
  } catch (error) {
    iconSet.remove(name);
    warnings.push({ file: path, message: `rejected: ${(error as Error).message}` });
  }
}

/**
 * A monotone icon (one colour at most) is drawn in `currentColor`, so that it
 * takes the text colour where it is used; an icon with several colours is a
 * palette icon and keeps them.
 */
function applyColourRule(svg: SVG): void {
  const found = parseColors(svg);
  const colours = new Set(
    found.colors
      .filter((colour) => typeof colour === 'string' || !isEmptyColor(colour))
      .map((colour) => (typeof colour === 'string' ? colour : colorToString(colour))),
  );
  if (colours.size > 1) return;
  parseColors(svg, {
    defaultColor: 'currentColor',
    callback: (_attribute, colorString, color) => (!color || isEmptyColor(color) ? colorString : 'currentColor'),
  });
}

/**
 * The pack's `lastModified`: its newest file's, or the folder's own (a file
 * removed or renamed), in seconds, so that it moves on with every change of
 * what the pack serves; a file saved again unchanged, or one refused, moves
 * it too, but then the build keeps the earlier document whole, date and all
 * (see madeAsBefore in build.ts). IconSet would stamp the time of the
 * import, which would change every document's bytes (and ETag) on each
 * rebuild of an unchanged folder.
 */
function newestModification(dir: string): number {
  let newest = lstatSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, lstatSync(join(dir, entry.name)).mtimeMs);
  }
  return Math.floor(newest / 1000);
}

/** Whether anything is at `path`, a dangling link included (which readSourceText then refuses). */
function existsWithoutFollowing(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

interface PackMetadata {
  info: Record<string, unknown>;
  size: { width?: number; height?: number };
  /** The pack's tags, read as an IconifyJSON file's `tags` (see pack-tags.ts). */
  tags?: unknown;
}

/** `pack.json`: IconifyJSON `info` fields, plus optional default `width`/`height` and `tags`. */
function readMetadata(dir: string): PackMetadata {
  const path = join(dir, PACK_METADATA_FILE);
  if (!existsWithoutFollowing(path)) return { info: {}, size: {} };
  let text: string;
  try {
    text = readSourceText(path, MAX_SVG_BYTES);
  } catch (error) {
    throw new PackError(`${PACK_METADATA_FILE}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new PackError(`${PACK_METADATA_FILE} is not JSON: ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new PackError(`${PACK_METADATA_FILE} is not a JSON object`);
  const { width, height, tags, ...info } = raw as Record<string, unknown>;
  const size: PackMetadata['size'] = {};
  for (const [key, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value > 0)) throw new PackError(`${PACK_METADATA_FILE}: "${key}" must be a positive number`);
    size[key] = value;
  }
  return { info, size, tags };
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pacote from 'pacote';
import { isObject } from '../../util/json-object.js';

/** An `@iconify-json/{pack}` package as read: its name and version, and the pack as one IconifyJSON. */
export interface IconSetPackage {
  pack: string;
  version: string;
  /** Where it came from, as the history records it. */
  source: string;
  /** icons.json with info.json's fields as `info`, and chars.json and metadata.json's fields where the package has them. */
  set: Record<string, unknown>;
}

/** A package that cannot be read as an icon set; the message says why. */
export class PackageError extends Error {}

const PACKAGE_SCOPE = '@iconify-json/';
/** Largest icons.json read from a package: the largest of the npm registry's are far smaller. */
const MAX_ICONS_JSON_BYTES = 256 * 1024 * 1024;

function readJson(dir: string, file: string, required: boolean): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    if (required) throw new PackageError(`the package has no ${file}`);
    return undefined;
  }
  if (text.length > MAX_ICONS_JSON_BYTES) throw new PackageError(`${file} is larger than ${MAX_ICONS_JSON_BYTES} bytes`);
  try {
    const value = JSON.parse(text) as unknown;
    if (!isObject(value)) throw new PackageError(`${file} is not a JSON object`);
    return value;
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw new PackageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads an `@iconify-json/{pack}` package with npm's own fetcher: `spec` is
 * what npm would install (`@iconify-json/lucide@1.2.137`, a range, or a
 * tarball's path as `file:...`), fetched from the registry the machine's npm
 * is set up for (a company mirror included) with npm's cache. The package is
 * unpacked into a scratch folder that is removed afterwards.
 */
export async function readIconSetPackage(spec: string, npmOptions: Record<string, unknown> = {}): Promise<IconSetPackage> {
  const dir = mkdtempSync(join(tmpdir(), 'icon-registry-package-'));
  try {
    let manifest: { name?: string; version?: string };
    try {
      manifest = (await pacote.extract(spec, dir, npmOptions)) as unknown as { name?: string; version?: string };
      manifest = readJson(dir, 'package.json', true) as { name?: string; version?: string };
    } catch (error) {
      if (error instanceof PackageError) throw error;
      throw new PackageError(`could not fetch ${spec}: ${(error as Error).message.split('\n')[0]}`);
    }
    const { name, version } = manifest;
    if (typeof name !== 'string' || !name.startsWith(PACKAGE_SCOPE))
      throw new PackageError(`${spec} is ${JSON.stringify(name)}, not an ${PACKAGE_SCOPE}* package`);
    if (typeof version !== 'string') throw new PackageError(`${spec} has no version`);
    const pack = name.slice(PACKAGE_SCOPE.length);
    const icons = readJson(dir, 'icons.json', true) as Record<string, unknown>;
    if (icons.prefix !== pack) throw new PackageError(`${name}'s icons.json has prefix ${JSON.stringify(icons.prefix)}, not "${pack}"`);
    const { prefix: _prefix, ...info } = readJson(dir, 'info.json', false) ?? {};
    const chars = readJson(dir, 'chars.json', false);
    const metadata = readJson(dir, 'metadata.json', false) ?? {};
    const { prefix, ...rest } = icons;
    const set: Record<string, unknown> = { prefix, ...(Object.keys(info).length ? { info } : {}), ...rest };
    if (chars && Object.keys(chars).length) set.chars = chars;
    for (const [key, value] of Object.entries(metadata)) if (!(key in set)) set[key] = value;
    const source = spec.startsWith('file:') ? `${name}@${version} (${spec.slice('file:'.length)})` : `npm:${name}@${version}`;
    return { pack, version, source, set };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

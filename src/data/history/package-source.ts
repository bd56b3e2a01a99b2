import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

/** The registry has no such package (npm's E404): a pack of @iconify/json that is not published on its own. */
export class PackageMissing extends PackageError {}

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
 * Fetches a package with npm itself (`npm pack`), into `dir`: npm resolves
 * `spec` (a version, a range, `latest`) against the registry it is set up
 * for, with every setting of the machine's and the project's .npmrc (a
 * company mirror, its token, a proxy) and npm's cache. Returns the tarball.
 */
async function fetchWithNpm(spec: string, dir: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('npm', ['pack', spec, '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    if (!packed) throw new PackageError(`npm fetched nothing for ${spec}`);
    return join(dir, packed.filename);
  } catch (error) {
    if (error instanceof PackageError) throw error;
    // npm says why on stderr, in its own words ("No matching version found", "ECONNREFUSED"); the JSON error's summary is the line to keep.
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    const summary = /"summary":\s*"((?:[^"\\]|\\.)*)"/.exec(stdout)?.[1] ?? stderr.split('\n').find((line) => line.startsWith('npm error'));
    const message = `could not fetch ${spec}: ${summary ?? (error as Error).message.split('\n')[0]}`;
    throw /"code":\s*"E404"/.test(stdout) ? new PackageMissing(message) : new PackageError(message);
  }
}

/**
 * Reads an `@iconify-json/{pack}` package: `spec` is what npm would install
 * (`@iconify-json/lucide@1.2.137`, a range, `latest`), fetched by npm itself,
 * or a tarball's path as `file:...`. The tarball is unpacked by npm's own
 * library, pacote, into a scratch folder that is removed afterwards.
 */
export async function readIconSetPackage(spec: string): Promise<IconSetPackage> {
  const dir = mkdtempSync(join(tmpdir(), 'icon-registry-package-'));
  try {
    const tarball = spec.startsWith('file:') ? spec.slice('file:'.length) : await fetchWithNpm(spec, dir);
    const unpacked = join(dir, 'package');
    mkdirSync(unpacked);
    try {
      await pacote.extract(`file:${tarball}`, unpacked);
    } catch (error) {
      throw new PackageError(`${tarball} is not a package tarball that can be read: ${(error as Error).message.split('\n')[0]}`);
    }
    const { name, version } = readJson(unpacked, 'package.json', true) as { name?: string; version?: string };
    if (typeof name !== 'string' || !name.startsWith(PACKAGE_SCOPE))
      throw new PackageError(`${spec} is ${JSON.stringify(name)}, not an ${PACKAGE_SCOPE}* package`);
    if (typeof version !== 'string') throw new PackageError(`${spec} has no version`);
    const pack = name.slice(PACKAGE_SCOPE.length);
    const icons = readJson(unpacked, 'icons.json', true) as Record<string, unknown>;
    if (icons.prefix !== pack) throw new PackageError(`${name}'s icons.json has prefix ${JSON.stringify(icons.prefix)}, not "${pack}"`);
    const { prefix: _prefix, ...info } = readJson(unpacked, 'info.json', false) ?? {};
    const chars = readJson(unpacked, 'chars.json', false);
    const metadata = readJson(unpacked, 'metadata.json', false) ?? {};
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

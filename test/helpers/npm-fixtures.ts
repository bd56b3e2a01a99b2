import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { getIconData } from '@iconify/utils';
import { listenLocally } from './http.js';
import { ROOT } from './paths.js';

/*
 * @iconify-json/lucide 1.2.100 and 1.2.137 as the npm registry has them
 * (their tarballs, shipped in test/fixtures/npm/), read here with the
 * system's tar rather than the registry's own reader, and a registry on
 * 127.0.0.1 that serves them as the npm registry would.
 */

export const LUCIDE_VERSIONS = ['1.2.100', '1.2.137'] as const;
export const lucideTarball = (version: string) => join(ROOT, 'test', 'fixtures', 'npm', `iconify-json-lucide-${version}.tgz`);

/** A package's files, unpacked with tar. */
export function unpackedFile(tarball: string, file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tarball-'));
  try {
    const result = spawnSync('tar', ['xzf', tarball, '-C', dir], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tar failed: ${result.stderr}`);
    return readFileSync(join(dir, 'package', file), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A lucide package's set: icons.json, with info.json as its info. */
export function lucideSet(version: string): IconifyJSON {
  const icons = JSON.parse(unpackedFile(lucideTarball(version), 'icons.json')) as IconifyJSON;
  const { prefix: _prefix, ...info } = JSON.parse(unpackedFile(lucideTarball(version), 'info.json')) as Record<string, unknown>;
  return { ...icons, info } as unknown as IconifyJSON;
}

/** What a name draws in a set, resolved by @iconify/utils; undefined when the set does not draw it (missing or hidden). */
function drawn(set: IconifyJSON, name: string): string | undefined {
  const own = set.icons[name] ?? set.aliases?.[name];
  if (!own || (own as { hidden?: boolean }).hidden) return undefined;
  const icon = getIconData(set, name);
  if (!icon) return undefined;
  const { body, left, top, width, height, rotate, hFlip, vFlip } = icon;
  return JSON.stringify([body, left, top, width, height, rotate, hFlip, vFlip]);
}

/** The changes from one set to another, computed here name by name from the two sets alone. */
export function expectedChanges(before: IconifyJSON, after: IconifyJSON) {
  const names = new Set([...Object.keys(before.icons), ...Object.keys(before.aliases ?? {}), ...Object.keys(after.icons), ...Object.keys(after.aliases ?? {})]);
  const added: string[] = [];
  const hidden: string[] = [];
  const renamed: Array<{ name: string; to: string }> = [];
  const changed: string[] = [];
  for (const name of [...names].sort()) {
    const was = drawn(before, name);
    const is = drawn(after, name);
    if (was === undefined && is !== undefined) added.push(name);
    else if (was !== undefined && is === undefined) hidden.push(name);
    else if (was === undefined) continue;
    else if (name in before.icons && after.aliases?.[name]) {
      let to = name;
      while (after.aliases?.[to]) to = after.aliases[to]?.parent as string;
      renamed.push({ name, to });
    } else if (was !== is) changed.push(name);
  }
  return { added, hidden, renamed, changed };
}

/**
 * A registry on 127.0.0.1 that has @iconify-json/lucide at the two
 * versions, `latest` the newer: its packument and tarballs, as npm asks for
 * them. Point npm at it with `npm_config_registry`.
 */
export async function localNpmRegistry(): Promise<{ url: string; close(): Promise<void> }> {
  let origin = '';
  const tarballs = new Map(LUCIDE_VERSIONS.map((version) => [`/@iconify-json/lucide/-/lucide-${version}.tgz`, readFileSync(lucideTarball(version))]));
  const packument = () => ({
    name: '@iconify-json/lucide',
    'dist-tags': { latest: LUCIDE_VERSIONS.at(-1) },
    versions: Object.fromEntries(
      LUCIDE_VERSIONS.map((version) => {
        const bytes = tarballs.get(`/@iconify-json/lucide/-/lucide-${version}.tgz`) as Buffer;
        const manifest = JSON.parse(unpackedFile(lucideTarball(version), 'package.json')) as Record<string, unknown>;
        const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
        const shasum = createHash('sha1').update(bytes).digest('hex');
        return [version, { ...manifest, dist: { tarball: `${origin}/@iconify-json/lucide/-/lucide-${version}.tgz`, integrity, shasum } }];
      }),
    ),
  });
  const served = await listenLocally((request, response) => {
    const path = decodeURIComponent((request.url ?? '').split('?')[0] as string);
    const tarball = tarballs.get(path);
    if (tarball) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarball);
    } else if (path === '/@iconify-json/lucide') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument()));
    } else {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    }
  });
  origin = served.origin;
  return { url: `${served.origin}/`, close: served.close };
}

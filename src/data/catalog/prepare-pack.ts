import type { IconifyJSON } from '@iconify/types';
import { validateIconSet } from '@iconify/utils';
import { RESERVED_PACK_IDS } from '../../core/paths.js';
import { isValidName } from '../../util/names.js';
import { registryEntryOf, type RegistryEntry } from '../../core/render/registry-entry.js';
import { iconifyViewOf, type IconifyView } from './iconify-view.js';
import { infoNamingRevision } from './info-version.js';
import { isObject } from '../../util/json-object.js';
import { publishedInfo } from './pack-info.js';
import { packTagsOf } from './pack-tags.js';
import { unsafeMarkupReason } from './unsafe-markup.js';

/** A pack file that cannot be served at all; the message says why. */
export class PackError extends Error {}

/** Everything the catalog stores about one pack, derived from its IconifyJSON. */
export interface PreparedPack {
  id: string;
  entry: RegistryEntry;
  /** The pack document exactly as served: minified IconifyJSON. */
  document: string;
  /** From IconifyJSON `lastModified` (Unix seconds), when the pack has one. */
  lastModified: number | undefined;
  iconCount: number;
  aliasCount: number;
  /** Problems that were repaired by dropping something, for the build log. */
  warnings: string[];
  /** What the Iconify API's routes serve of the pack. */
  iconify: IconifyView;
}

type Entries = Record<string, unknown>;

/**
 * Copies a name-keyed map into an object without a prototype, keeping only
 * names that follow Iconify's rule. Without the prototype, names such as
 * `constructor` cannot resolve to Object.prototype members inside @iconify/utils.
 */
function validNamesOnly(map: unknown, kind: string, warnings: string[]): Entries {
  const result = Object.create(null) as Entries;
  if (typeof map !== 'object' || map === null) return result;
  for (const [name, value] of Object.entries(map)) {
    if (isValidName(name)) result[name] = value;
    else warnings.push(`dropped ${kind} with invalid name ${JSON.stringify(name.slice(0, 140))}`);
  }
  return result;
}

/** Removes icons whose body could run code or load something from outside (aliases to them go too). */
function dropUnsafeIcons(icons: Entries, warnings: string[]): void {
  for (const [name, icon] of Object.entries(icons)) {
    const body = isObject(icon) ? icon.body : undefined;
    const reason = typeof body === 'string' ? unsafeMarkupReason(body) : undefined;
    if (reason) {
      delete icons[name];
      warnings.push(`dropped icon "${name}": unsafe markup (${reason})`);
    }
  }
}

/** Longest chain of aliases from an alias to its icon; a longer one is refused with a warning. */
export const MAX_ALIAS_CHAIN = 32;

/**
 * Removes the aliases more than MAX_ALIAS_CHAIN steps from their icon, with one warning: each alias is walked once (a walk stops
 * at an alias whose distance is known), so a chain of thousands costs
 * thousands of steps. Aliases to missing parents are left to validateIconSet.
 */
function dropDeepAliases(icons: Entries, aliases: Entries, warnings: string[]): void {
  const distance = new Map<string, number>();
  const tooDeep = new Set<string>();
  const parentOf = (name: string) => (isObject(aliases[name]) ? (aliases[name] as { parent?: unknown }).parent : undefined);
  for (const name of Object.keys(aliases)) {
    const chain: string[] = [];
    let current: unknown = name;
    while (typeof current === 'string' && current in aliases && !distance.has(current) && !tooDeep.has(current) && chain.length <= MAX_ALIAS_CHAIN) {
      if (chain.includes(current)) break;
      chain.push(current);
      current = parentOf(current);
    }
    // A missing parent, or a loop: validateIconSet drops those with its own warning.
    if (typeof current !== 'string' || !(current in icons || current in aliases) || chain.includes(current)) continue;
    const base = current in icons ? 0 : (distance.get(current) ?? Number.POSITIVE_INFINITY);
    chain.reverse().forEach((alias, i) => {
      if (base + i + 1 > MAX_ALIAS_CHAIN) tooDeep.add(alias);
      else distance.set(alias, base + i + 1);
    });
  }
  if (tooDeep.size === 0) return;
  for (const name of tooDeep) delete aliases[name];
  const names = [...tooDeep];
  const listed = names
    .slice(0, 5)
    .map((name) => `"${name}"`)
    .join(', ');
  warnings.push(
    `dropped ${names.length} alias${names.length > 1 ? 'es' : ''} more than ${MAX_ALIAS_CHAIN} aliases from their icon: ${listed}${names.length > 5 ? ', ...' : ''}`,
  );
}

/**
 * Validates one parsed IconifyJSON file and derives what the catalog stores.
 * `expectedId`, when given, is the id the pack must have (the file name of a
 * default pack). `revision`, when given, is what the pack's document and
 * registry entry name as `info.version` (the revision the registry serves);
 * the Iconify API's forms keep the pack's own version (see info-version.ts). Bodies of `untrusted` packs (the operator's files) are
 * checked for unsafe markup; @iconify/json is trusted, and checking its
 * 390,000 bodies would double the build. Throws PackError when the file
 * cannot be served at all.
 */
export function preparePack(raw: unknown, expectedId?: string, untrusted = false, revision?: string): PreparedPack {
  if (!isObject(raw)) throw new PackError('not an IconifyJSON object');
  const id = raw.prefix;
  if (typeof id !== 'string' || !isValidName(id)) {
    throw new PackError(`invalid or missing "prefix" ${JSON.stringify(String(id).slice(0, 140))}`);
  }
  if (expectedId !== undefined && id !== expectedId) throw new PackError(`prefix "${id}" does not match "${expectedId}"`);
  if (RESERVED_PACK_IDS.has(id)) throw new PackError(`pack id "${id}" is reserved by the registry`);
  if (!isObject(raw.icons)) throw new PackError('no "icons" object');

  const warnings: string[] = [];
  const candidate = {
    ...raw,
    icons: validNamesOnly(raw.icons, 'icon', warnings),
    aliases: validNamesOnly(raw.aliases, 'alias', warnings),
  };
  if (untrusted) dropUnsafeIcons(candidate.icons, warnings);
  dropDeepAliases(candidate.icons, candidate.aliases, warnings);
  const iconsBefore = Object.keys(candidate.icons);
  const aliasesBefore = Object.keys(candidate.aliases);
  let data: IconifyJSON;
  try {
    // An empty pack is served as one (@iconify/json ships one); validateIconSet would refuse it.
    data = Object.keys(candidate.icons).length === 0 ? { ...candidate, prefix: id, icons: {}, aliases: {} } : validateIconSet(candidate, { fix: true });
  } catch (error) {
    throw new PackError(`invalid IconifyJSON: ${(error as Error).message}`);
  }
  // validateIconSet drops icons without a body, and aliases whose parent is missing or that form a loop.
  const aliases = data.aliases ?? (Object.create(null) as NonNullable<IconifyJSON['aliases']>);
  for (const name of iconsBefore) if (!(name in data.icons)) warnings.push(`dropped icon "${name}": no "body" string`);
  for (const name of aliasesBefore) if (!(name in aliases)) warnings.push(`dropped alias "${name}": missing parent or loop`);

  const iconNames = Object.keys(data.icons);
  const aliasNames = Object.keys(aliases);
  const visibleIcons = iconNames.filter((name) => !data.icons[name]?.hidden).length;
  const info = publishedInfo(raw.info, id, visibleIcons, warnings);
  const servedInfo = revision === undefined ? info : infoNamingRevision(info, revision);
  const document: IconifyJSON = {
    ...data,
    prefix: id,
    info: servedInfo,
    icons: data.icons,
    aliases,
    width: data.width ?? 16,
    height: data.height ?? 16,
  };

  const lastModified = typeof raw.lastModified === 'number' ? raw.lastModified : undefined;
  const tags = packTagsOf(raw.tags, (name) => name in data.icons || name in aliases, warnings);
  const iconify = iconifyViewOf({ ...data, chars: isObject(raw.chars) ? (raw.chars as IconifyJSON['chars']) : undefined }, aliases, info, tags);
  return {
    iconify,
    id,
    entry: registryEntryOf(id, servedInfo),
    document: JSON.stringify(document),
    lastModified,
    iconCount: iconNames.length,
    aliasCount: aliasNames.length,
    warnings,
  };
}

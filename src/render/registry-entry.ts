import type { IconifyInfo } from '@iconify/types';

/** One entry of /r/registry.json. */
export interface RegistryEntry {
  id: string;
  name: string;
  total: number;
  author: IconifyInfo['author'];
  license: IconifyInfo['license'];
  [extra: string]: unknown;
}

/** IconifyInfo fields that follow the required ones in an entry when the pack has them. */
const OPTIONAL_FIELDS = ['version', 'category', 'tags', 'samples', 'height', 'displayHeight', 'palette', 'hidden'] as const;

export function registryEntryOf(id: string, info: IconifyInfo): RegistryEntry {
  const entry: RegistryEntry = { id, name: info.name, total: info.total ?? 0, author: info.author, license: info.license };
  for (const field of OPTIONAL_FIELDS) if (info[field] !== undefined) entry[field] = info[field];
  return entry;
}

/** The /r/registry.json document: every entry, sorted by id. */
export function registryDocument(entries: Iterable<RegistryEntry>): string {
  return JSON.stringify([...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}

import type { IconifyInfo } from '@iconify/types';

/** IconifyInfo fields that follow the required ones in an entry when the pack has them. */
const OPTIONAL_FIELDS = ['version', 'category', 'tags', 'samples', 'height', 'displayHeight', 'palette', 'hidden'] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** One entry of /r/registry.json: the pack's id, name, total, author and licence, and those optional fields it has. */
export interface RegistryEntry extends Pick<IconifyInfo, OptionalField> {
  id: string;
  name: string;
  total: number;
  author: IconifyInfo['author'];
  license: IconifyInfo['license'];
}

export function registryEntryOf(id: string, info: IconifyInfo): RegistryEntry {
  const entry: RegistryEntry = { id, name: info.name, total: info.total ?? 0, author: info.author, license: info.license };
  for (const field of OPTIONAL_FIELDS) if (info[field] !== undefined) copyField(entry, info, field);
  return entry;
}

function copyField<K extends OptionalField>(entry: Pick<IconifyInfo, OptionalField>, info: IconifyInfo, field: K): void {
  entry[field] = info[field];
}

/** The /r/registry.json document: every entry, sorted by id. */
export function registryDocument(entries: Iterable<RegistryEntry>): string {
  return JSON.stringify([...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}

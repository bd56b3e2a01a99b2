import type { RegistryEntry } from '../src/core/render/registry-entry.js';
import type { PackHistoryDocument } from '../src/registry/changes.js';
import { h, viewUrl } from './dom.js';
import type { ShownPack } from './revision-ids.js';
import { shownRevision } from './revisions.js';

/**
 * The pack view's controls of time, where the registry keeps more than one
 * revision of the pack: a menu of its revisions (picking one shows the pack
 * as it drew it; `go` gets undefined for the one served), what the revision
 * shown changed (what the grid's marks say), and a link to its history.
 */
export function revisionControls(
  entry: RegistryEntry,
  shown: ShownPack,
  history: PackHistoryDocument,
  go: (revision: string | undefined) => void,
): HTMLElement | undefined {
  const versions = history.revisions.map((item) => item.version);
  if (versions.length < 2 && history.next === null) return undefined;
  // An older revision than the first page lists, reached by a link, is still in the menu.
  if (shown.revision !== undefined && !versions.includes(shown.revision)) versions.push(shown.revision);
  const current = shown.revision ?? history.served;
  const select = h(
    'select',
    { id: 'revision', name: 'revision' },
    ...versions.map((version) =>
      h('option', { value: version, selected: version === current }, version === history.served ? `${version} (served now)` : version),
    ),
  );
  select.addEventListener('change', () => go(select.value === history.served ? undefined : select.value));
  const item = shownRevision(history, shown.revision);
  return h(
    'div',
    { class: 'revision-controls' },
    h('label', { class: 'inline-field' }, h('span', {}, 'Revision'), select),
    item?.previous
      ? h('span', { class: 'count-inline', id: 'revision-marks' }, `Marked: ${item.added} new and ${item.changed} changed since ${item.previous}`)
      : undefined,
    h('a', { href: viewUrl({ pack: entry.id, view: 'history' }), id: 'pack-history' }, 'History'),
  );
}

import type { RegistryEntry } from '../src/core/render/registry-entry.js';
import { packs } from './api.js';
import { utcMinute } from './dates.js';
import { h, viewUrl } from './dom.js';
import { loadIcons, svgOf } from './icons.js';
import { shownPackId } from './revision-ids.js';
import { type RevisionChanges, type RevisionItem, packHistory, revisionChanges } from './revisions.js';

export interface HistoryState {
  pack: string;
  /** The page of the history: the revisions kept before this one (the newest when absent). */
  before?: string;
}

/** Icons a kind of change lists until "Show all" is pressed: a revision that redrew a whole pack stays a short page. */
const FIRST_SHOWN_PER_KIND = 48;

/**
 * A pack's history: its kept revisions, newest first, each with what it
 * changed against the one before. Opening a revision's changes lists, per
 * kind, the icons renamed, changed, added and hidden, each with the old
 * glyph beside the new, drawn from the pinned pack documents of the two
 * revisions (read once each, however many icons changed), the first few of
 * each kind until all are asked for; the newest revision's are open on
 * arrival.
 */
export async function historyView(root: HTMLElement, state: HistoryState): Promise<void> {
  const [all, kept] = await Promise.all([packs(), packHistory(state.pack, state.before)]);
  const entry = all.find((pack) => pack.id === state.pack);
  if (!entry) {
    root.append(h('h1', {}, 'No such pack'), h('p', {}, `There is no pack “${state.pack}”. `, h('a', { href: './' }, 'See every pack.')));
    return;
  }
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: './' }, 'All packs'), ' · ', h('a', { href: viewUrl({ pack: entry.id }) }, entry.name)),
    h('h1', {}, `History of ${entry.name}`),
  );
  if (!kept?.revisions.length) {
    root.append(h('p', { class: 'empty' }, 'The registry keeps no revision of this pack: it serves it as it was built.'));
    return;
  }
  root.append(
    h('p', { class: 'intro' }, `The revisions of ${entry.name} the registry keeps, newest first. It serves ${kept.served}.`),
    h('ol', { class: 'revisions' }, ...kept.revisions.map((item, i) => revision(entry, item, item.version === kept.served, i === 0 && !state.before))),
  );
  if (kept.next !== null)
    root.append(h('p', {}, h('a', { href: viewUrl({ pack: entry.id, view: 'history', before: kept.next }), id: 'older-revisions' }, 'Older revisions')));
}

/** A revision of the history: its name, when it was kept, what it changed, and the changes themselves, read when opened. */
function revision(entry: RegistryEntry, item: RevisionItem, served: boolean, open: boolean): HTMLElement {
  const heading = `revision-${item.version}`;
  const counts = item.previous
    ? `since ${item.previous}: ${item.added} added, ${item.renamed} renamed, ${item.hidden} hidden, ${item.changed} changed`
    : 'the first revision the registry kept';
  const element = h(
    'li',
    { class: 'revision', 'data-version': item.version },
    h('h2', { id: heading }, item.version, served ? h('span', { class: 'count-inline' }, ' · served now') : undefined),
    h(
      'p',
      { class: 'meta' },
      `Kept ${utcMinute(item.recorded)} UTC · ${counts} · `,
      h('a', { href: viewUrl({ pack: entry.id, revision: served ? undefined : item.version }) }, `See the pack at ${item.version}`),
    ),
  );
  const { previous } = item;
  if (previous === null || item.added + item.renamed + item.hidden + item.changed === 0) return element;
  const box = h('div', { class: 'diff' });
  const details = h('details', { class: 'fold', open }, h('summary', {}, `What ${item.version} changed`), box);
  let asked = false;
  const show = () => {
    if (asked || !details.open) return;
    asked = true;
    box.replaceChildren(h('p', { class: 'meta' }, 'Loading…'));
    changesOf(entry, previous, item.version).then(
      (drawn) => box.replaceChildren(...drawn),
      (error: unknown) => box.replaceChildren(h('p', { class: 'empty' }, `The changes did not come: ${(error as Error).message}`)),
    );
  };
  details.addEventListener('toggle', show);
  element.append(details);
  if (open) show();
  return element;
}

/** The changes from `from` to `to` by kind, each icon with its glyph in each revision that draws it. */
async function changesOf(entry: RegistryEntry, from: string, to: string): Promise<HTMLElement[]> {
  const changes: RevisionChanges = await revisionChanges(entry.id, from, to);
  const before = shownPackId({ pack: entry.id, revision: from });
  const after = shownPackId({ pack: entry.id, revision: to });
  const renamedTo = changes.renamed.map(({ to: name }) => name);
  await Promise.all([
    loadIcons(before, [...changes.renamed.map(({ name }) => name), ...changes.changed, ...changes.hidden]),
    loadIcons(after, [...renamedTo, ...changes.changed, ...changes.added]),
  ]);
  const glyph = (pack: string, version: string, name: string) => {
    const figure = h('span', { class: 'glyph', role: 'img', 'aria-label': `${entry.id}:${name} at ${version}` });
    figure.innerHTML = svgOf(`${pack}:${name}`) ?? '?';
    return figure;
  };
  const arrow = () => h('span', { class: 'arrow', 'aria-hidden': 'true' }, '→');
  const link = (revision: string, name: string, text = name) => h('a', { href: viewUrl({ pack: entry.id, revision, icon: name }) }, text);
  /** A kind's section: its first icons, and the rest once asked for (each item is built only when shown). */
  const kind = <T>(key: string, title: string, changed: readonly T[], item: (change: T) => HTMLElement) => {
    if (!changed.length) return undefined;
    const list = h('ul', {}, ...changed.slice(0, FIRST_SHOWN_PER_KIND).map(item));
    const section = h('section', { class: `changes ${key}`, 'aria-label': title }, h('h3', {}, `${title} (${changed.length})`), list);
    if (changed.length > FIRST_SHOWN_PER_KIND) {
      const all = h('button', { type: 'button', class: 'more', 'data-show-all': key }, `Show all ${changed.length} ${title.toLowerCase()}`);
      all.addEventListener('click', () => {
        list.append(...changed.slice(FIRST_SHOWN_PER_KIND).map(item));
        all.remove();
      });
      section.append(all);
    }
    return section;
  };
  return [
    kind('renamed', 'Renamed', changes.renamed, ({ name, to: now }) =>
      h('li', { 'data-name': name }, glyph(before, from, name), arrow(), glyph(after, to, now), link(to, now, `${name} → ${now}`)),
    ),
    kind('changed', 'Changed', changes.changed, (name) =>
      h('li', { 'data-name': name }, glyph(before, from, name), arrow(), glyph(after, to, name), link(to, name)),
    ),
    kind('added', 'Added', changes.added, (name) => h('li', { 'data-name': name }, glyph(after, to, name), link(to, name))),
    kind('hidden', 'Hidden', changes.hidden, (name) => h('li', { 'data-name': name }, glyph(before, from, name), link(from, name))),
  ].filter((section): section is HTMLElement => section !== undefined);
}

import type { RegistryEntry } from '../src/core/render/registry-entry.js';
import { packIcons, packs, packZipPath, pageRelative, routeAnswers, servedByRegistry, suggestionsFor } from './api.js';
import { h, searchForm, setSearchWords, viewUrl } from './dom.js';
import { IconGrid } from './grid.js';
import { loadIcons } from './icons.js';
import { mark } from './marks.js';
import { Results } from './results.js';
import { type ShownPack, shownPackId } from './revision-ids.js';
import { marksOf, packHistory, shownRevision } from './revisions.js';
import { page } from './state.js';
import { revisionControls } from './time.js';
import type { ListContext } from './view.js';
import { groupedCount } from '../src/core/grouped-count.js';

/** Icons a desktop's first screen shows, asked for as soon as the pack's names are known. */
const FIRST_ICONS = 160;

/** When the pack's zip is asked about if no grid has painted its first icons by then (a search in the pack, say). */
const ZIP_PROBE_DELAY_MS = 1500;

export interface PackState {
  pack: string;
  /** An older revision to show, as its pinned documents hold it; the one served when absent. */
  revision?: string;
  q?: string;
  category?: string;
}

function link(text: string, url: string | undefined): Node {
  return url ? h('a', { href: url, rel: 'noopener' }, text) : document.createTextNode(text);
}

/** A pack that does not exist: the registry's close pack ids, as links. */
async function noSuchPack(root: HTMLElement, pack: string): Promise<void> {
  const suggestions = await suggestionsFor(pageRelative({ kind: 'pack', pack: encodeURIComponent(pack) }));
  root.append(h('h1', {}, 'No such pack'), h('p', {}, `There is no pack “${pack}”. `, h('a', { href: './' }, 'See every pack.')));
  if (suggestions.length)
    root.append(
      h('p', {}, 'Close packs:'),
      h('ul', { class: 'suggestions' }, ...suggestions.map((id) => h('li', {}, h('a', { href: viewUrl({ pack: id }) }, id)))),
    );
}

/** A revision the registry does not keep: the ones it keeps, as links. */
async function noSuchRevision(root: HTMLElement, entry: RegistryEntry, shown: ShownPack): Promise<void> {
  const kept = await suggestionsFor(pageRelative({ kind: 'pinned', pack: encodeURIComponent(shown.pack), version: shown.revision ?? '' }));
  root.append(
    h('h1', {}, 'No such revision'),
    h('p', {}, `The registry keeps no revision “${shown.revision}” of ${entry.name}. `, h('a', { href: viewUrl({ pack: entry.id }) }, 'See the pack.')),
  );
  if (kept.length)
    root.append(
      h('p', {}, 'Revisions kept:'),
      h('ul', { class: 'suggestions' }, ...kept.map((version) => h('li', {}, h('a', { href: viewUrl({ pack: entry.id, revision: version }) }, version)))),
    );
}

/**
 * A pack's view: a search within it as you type, and its grid on the first
 * screen (its information and categories folded above it), in the page's
 * one scroll. Where the registry keeps revisions of the pack, a menu shows
 * it as an older one drew it (from its pinned pack document), the grid
 * marks the icons new or changed in the revision shown, and a link leads
 * to its history; a pack with none costs one small request, made beside
 * the others.
 */
export async function packView(root: HTMLElement, state: PackState, context: ListContext): Promise<void> {
  const shown: ShownPack = { pack: state.pack, revision: state.revision };
  const shownId = shownPackId(shown);
  // The pack's icons are asked for with the list of packs, not after it: a pack that does not exist fails the first.
  const listed = packIcons(shownId);
  listed.catch(() => undefined);
  const history = packHistory(state.pack);
  const entry = (await packs()).find((pack) => pack.id === state.pack);
  if (!entry) return noSuchPack(root, state.pack);
  // A revision that is not kept has no pinned document: it is said so, where a failure of the pack's own routes is an error.
  const [icons, served] = await Promise.all([shown.revision === undefined ? listed : listed.catch(() => undefined), servedByRegistry()]);
  if (!icons) return noSuchRevision(root, entry, shown);
  // The registry's search covers the revision it serves: an older one is filtered by name.
  const searchable = served && shown.revision === undefined;
  const names = state.category ? (icons.categories[state.category] ?? []) : icons.names;
  // The first screen's icons are asked for before the view is built, so that they come while it is.
  if (!state.q) void loadIcons(shownId, names.slice(0, FIRST_ICONS)).catch(() => undefined);
  const label = `Icons of ${entry.name}`;
  const zip = h('a', { href: packZipPath(shownId), download: `${shownId}.zip`, id: 'pack-zip', hidden: true }, 'Download the pack (zip)');
  // Asked once the first icons are painted (or a moment after the view is built): the registry makes the
  // whole zip to answer, which would hold up the requests for the icons on the first screen.
  let zipAsked = false;
  const askZip = () => {
    if (zipAsked) return;
    zipAsked = true;
    void routeAnswers(packZipPath(shownId)).then((answers) => {
      zip.hidden = !answers;
    });
  };
  setTimeout(askZip, ZIP_PROBE_DELAY_MS);
  const gridOf = (list: readonly string[]) =>
    new IconGrid(
      list.map((name) => ({ id: `${shownId}:${name}`, showPack: false })),
      label,
      {
        open: (index) => context.open(index),
        firstPaint: {
          icons: 100,
          drawn: (count) => {
            mark('icons-painted', count);
            askZip();
          },
        },
      },
    );
  const allIcons = () => names.map((name) => ({ id: `${shownId}:${name}`, variants: [] }));
  const count = `${groupedCount(names.length)} icons`;
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: './' }, 'All packs'), ' · ', zip),
    h(
      'div',
      { class: 'title-row' },
      h('h1', {}, shown.revision === undefined ? entry.name : `${entry.name} at ${shown.revision}`),
      h('span', { class: 'count-inline' }, count),
    ),
  );
  if (shown.revision !== undefined)
    root.append(
      h(
        'p',
        { class: 'revision-note' },
        `The pack as revision ${shown.revision} drew it, from its pinned documents. `,
        h('a', { href: viewUrl({ pack: entry.id }) }, 'See the icons the registry serves now.'),
      ),
    );
  let form: HTMLFormElement | undefined;
  const results = new Results(context, {
    pack: entry.id,
    correct: (words) => form && setSearchWords(form, words),
    idle: allIcons,
    label: (words) => (words ? `Icons of ${entry.name} for ${words}` : label),
  });
  const filtered = (words: string) => {
    const wanted = words.toLowerCase().split(/\s+/);
    return names.filter((name) => wanted.every((word) => name.includes(word)));
  };
  const showLocal = (words: string) => {
    const shown = words ? filtered(words) : names;
    // An empty grid would show nothing at all: the words are said to match nothing, as an empty answer of the registry's search is.
    if (words && !shown.length) {
      void results.show(words, Promise.resolve({ results: [], total: 0 }));
      return;
    }
    const grid = gridOf(shown);
    results.element.replaceChildren(grid.element);
    context.setGrid(grid);
    grid.draw();
  };
  form = searchForm({
    id: 'pack-search',
    label: `Search ${entry.name}`,
    placeholder: searchable ? `Search ${entry.name}` : 'Filter by name',
    value: state.q,
    search: (words) => {
      context.setParams({ pack: entry.id, revision: shown.revision, q: words || undefined, category: state.category });
      // Searching a category filters its names; the registry's search covers the whole pack.
      if (searchable && !state.category) void results.show(words);
      else showLocal(words);
    },
  });
  const details = [h('details', { class: 'fold' }, h('summary', {}, 'About this pack'), info(entry, icons.names.length))];
  const categories = Object.keys(icons.categories);
  if (categories.length) {
    const chips = [undefined, ...categories].map((category) =>
      h(
        'a',
        {
          href: viewUrl({ pack: entry.id, revision: shown.revision, q: state.q, category }),
          class: 'chip',
          'aria-current': (state.category ?? undefined) === category ? 'page' : undefined,
        },
        category ?? 'All',
      ),
    );
    details.push(
      h(
        'details',
        { class: 'fold', open: !!state.category },
        h('summary', {}, state.category ? `Category: ${state.category}` : `Categories (${categories.length})`),
        h('nav', { class: 'chips', 'aria-label': 'Categories' }, ...chips),
      ),
    );
  }
  const time = h('div', { class: 'time', hidden: true });
  root.append(form, h('div', { class: 'folds' }, ...details, time), results.element);
  void showTime(root, time, entry, shown, history, context);
  if (searchable && state.q && !state.category) await results.show(state.q);
  else showLocal(state.q ?? '');
}

/**
 * Once the pack's history has come: the menu of its revisions and the link
 * to its history in `time` (where it keeps more than one revision), and the
 * marks of the icons the revision shown drew anew or otherwise, for the
 * grids of this view (unless another view took its place meanwhile).
 */
async function showTime(
  root: HTMLElement,
  time: HTMLElement,
  entry: RegistryEntry,
  shown: ShownPack,
  history: ReturnType<typeof packHistory>,
  context: ListContext,
): Promise<void> {
  const kept = await history;
  if (!kept || !root.isConnected) return;
  const controls = revisionControls(entry, shown, kept, (revision) => context.navigate(viewUrl({ pack: entry.id, revision })));
  if (controls) {
    time.replaceChildren(controls);
    time.hidden = false;
  }
  const marks = await marksOf(shown, shownRevision(kept, shown.revision)).catch(() => undefined);
  if (marks?.size && root.isConnected) page.set({ marks });
}

function info(entry: RegistryEntry, count: number): HTMLElement {
  return h(
    'dl',
    { class: 'info' },
    h('dt', {}, 'Id'),
    h('dd', {}, entry.id),
    h('dt', {}, 'Icons'),
    h('dd', {}, groupedCount(count)),
    h('dt', {}, 'Author'),
    h('dd', {}, link(entry.author.name, entry.author.url)),
    h('dt', {}, 'Licence'),
    h('dd', {}, link(entry.license.title, entry.license.url)),
    entry.category ? h('dt', {}, 'Category') : undefined,
    entry.category ? h('dd', {}, entry.category) : undefined,
    h('dt', {}, 'Palette'),
    h('dd', {}, entry.palette ? 'Many colours' : 'One colour'),
  );
}

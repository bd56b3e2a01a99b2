import { byPopularity } from '../src/data/search/meaning/pack-popularity.js';
import { needsAttribution } from '../src/core/render/licence.js';
import type { RegistryEntry } from '../src/core/render/registry-entry.js';
import { packIcons, packs, pageRelative, searchIcons, servedByRegistry } from './api.js';
import { h, searchForm, setSearchWords, viewUrl } from './dom.js';
import { loadIcons, svgOf } from './icons.js';
import { Results } from './results.js';
import { listParams } from './state.js';
import type { ListContext } from './view.js';
import { groupedCount } from '../src/core/grouped-count.js';

/** Licence filter value for the packs whose licence asks for no credit. */
const NO_ATTRIBUTION = 'no-attribution';

/** The parameters of the home view: the words searched, and the filters and order of the packs. */
const HOME_PARAMETERS = ['q', 'filter', 'license', 'palette', 'category', 'sort'] as const;
export type HomeState = Partial<Record<(typeof HOME_PARAMETERS)[number], string>>;

/** The home view's parameters among those of an address. */
export function homeState(params: Readonly<Record<string, string | undefined>>): HomeState {
  return Object.fromEntries(HOME_PARAMETERS.map((name) => [name, params[name]]));
}

/** A menu of the parameter `name`, showing its value in `state`; `choose` is told the parameter as chosen (none for the first option, ''). */
function select(label: string, name: keyof HomeState, state: HomeState, options: Array<[string, string]>, choose: (change: HomeState) => void): HTMLElement {
  const element = h(
    'select',
    { id: `filter-${name}`, name },
    ...options.map(([key, text]) => h('option', { value: key, selected: key === (state[name] ?? '') }, text)),
  );
  element.addEventListener('change', () => choose({ [name]: element.value || undefined }));
  return h('label', { class: 'field' }, h('span', {}, label), element);
}

function packMatches(pack: RegistryEntry, state: HomeState): boolean {
  const text = (state.filter ?? '').toLowerCase();
  if (text && ![pack.id, pack.name, pack.author.name, pack.category ?? ''].some((field) => field.toLowerCase().includes(text))) return false;
  if (state.license === NO_ATTRIBUTION && needsAttribution(pack.license)) return false;
  if (state.license && state.license !== NO_ATTRIBUTION && pack.license.spdx !== state.license) return false;
  if (state.palette && String(!!pack.palette) !== (state.palette === 'multi' ? 'true' : 'false')) return false;
  if (state.category && (pack.category ?? 'Uncategorised') !== state.category) return false;
  return true;
}

/**
 * The licence menu: each licence (SPDX id) once, named by the title its
 * packs give it most; where packs give two licences the same title (the
 * GPLs are all "GPL"), by its SPDX id.
 */
export function licenceOptions(all: readonly RegistryEntry[]): Array<[string, string]> {
  const titles = new Map<string, Map<string, number>>();
  for (const pack of all) {
    const spdx = pack.license.spdx;
    if (!spdx) continue;
    const counts = titles.get(spdx) ?? new Map<string, number>();
    counts.set(pack.license.title, (counts.get(pack.license.title) ?? 0) + 1);
    titles.set(spdx, counts);
  }
  const named = [...titles].map(([spdx, counts]): [string, string] => [spdx, [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? spdx]);
  const uses = new Map<string, number>();
  for (const [, title] of named) uses.set(title, (uses.get(title) ?? 0) + 1);
  return named.map(([spdx, title]): [string, string] => [spdx, (uses.get(title) ?? 0) > 1 ? spdx : title]).sort((a, b) => a[1].localeCompare(b[1]));
}

function packCard(pack: RegistryEntry): HTMLElement {
  const samples = h('span', { class: 'samples', 'aria-hidden': 'true' });
  const card = h(
    'li',
    { class: 'card' },
    h(
      'a',
      { href: viewUrl({ pack: pack.id }) },
      samples,
      h('strong', {}, pack.name),
      h('span', { class: 'meta' }, `${pack.id} · ${groupedCount(pack.total)} icons`),
      h('span', { class: 'meta' }, `${pack.author.name} · ${pack.license.title}`),
      pack.category ? h('span', { class: 'meta' }, pack.category) : undefined,
    ),
  );
  new IntersectionObserver((entries, observer) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    // A pack that names no samples shows its first icons.
    const names = pack.samples?.length ? Promise.resolve(pack.samples.slice(0, 3)) : packIcons(pack.id).then((icons) => icons.names.slice(0, 3));
    void names
      .then(async (list) => {
        await loadIcons(pack.id, list);
        samples.innerHTML = list.map((name) => svgOf(`${pack.id}:${name}`) ?? '').join('');
      })
      .catch(() => undefined);
  }).observe(card);
  return card;
}

/** What the site is, and how to take an icon with shadcn or an Iconify client. */
function intro(searchable: boolean): HTMLElement {
  const base = new URL(pageRelative({ kind: 'index' }), location.href).href.replace(/registry\.json$/, '');
  const origin = new URL('./', location.href).href.replace(/\/$/, '');
  return h(
    'p',
    { class: 'intro' },
    'Every icon of the Iconify catalog and of this registry’s own packs, as JSON, SVG and components. ',
    searchable ? 'Type to search, or open a pack. ' : 'Open a pack. ',
    'Take one with ',
    h('code', {}, `npx shadcn add ${base}mdi/home.json`),
    searchable ? ', or point an Iconify client at it: ' : '.',
    searchable ? h('code', {}, `addAPIProvider('', { resources: ['${origin}'] })`) : '',
    searchable ? '.' : '',
  );
}

/** The filters over the packs' cards: `filter` is told the text typed as it is, `choose` each menu's choice. */
function filtersOf(all: readonly RegistryEntry[], state: HomeState, on: { filter: (text: string) => void; choose: (change: HomeState) => void }): HTMLElement {
  const categories = [...new Set(all.map((pack) => pack.category ?? 'Uncategorised'))].sort();
  const filterInput = h('input', {
    type: 'text',
    id: 'filter',
    value: state.filter ?? '',
    placeholder: 'Filter packs by name, id, author or category',
    autocomplete: 'off',
  });
  filterInput.addEventListener('input', () => on.filter(filterInput.value));
  return h(
    'div',
    { class: 'filters' },
    h('label', { class: 'field grow' }, h('span', {}, 'Filter packs'), filterInput),
    select('Licence', 'license', state, [['', 'Any licence'], [NO_ATTRIBUTION, 'No attribution needed'], ...licenceOptions(all)], on.choose),
    select(
      'Palette',
      'palette',
      state,
      [
        ['', 'Any palette'],
        ['mono', 'One colour'],
        ['multi', 'Many colours'],
      ],
      on.choose,
    ),
    select('Category', 'category', state, [['', 'Any category'], ...categories.map((category): [string, string] => [category, category])], on.choose),
    select(
      'Order',
      'sort',
      state,
      [
        ['', 'Most used first'],
        ['name', 'By name'],
      ],
      on.choose,
    ),
  );
}

/** The home view: a search over every icon as you type, and every pack as a card, most used first, filtered as you type. */
export async function homeView(root: HTMLElement, state: HomeState, context: ListContext): Promise<void> {
  // A search in the address is asked for while the page learns whether the registry serves it: one round trip, not two.
  const early = state.q ? searchIcons(state.q) : undefined;
  early?.catch(() => undefined);
  const searchable = await servedByRegistry();
  /** The parameters now: the words and the filter typed since the view was drawn are in the page's state. */
  const current = () => homeState(listParams());
  const update = (change: HomeState, replace = true) => context.navigate(viewUrl({ ...current(), ...change }), replace);
  root.append(h('h1', {}, 'Icons'), intro(searchable));
  const packsPart = h('div', { class: 'packs' });
  /** Builds the filters and the cards once the packs are shown, when they were hidden by a search as they came. */
  let showCards: (() => void) | undefined;
  let form: HTMLFormElement | undefined;
  const results = new Results(context, {
    correct: (words) => form && setSearchWords(form, words),
    label: (words) => `Icons found for ${words}`,
  });
  if (searchable) {
    form = searchForm({
      id: 'search',
      name: 'q',
      label: 'Search every icon',
      placeholder: 'Search every icon: trash, arrow left, mdi:home',
      value: state.q,
      search: (words) => {
        context.setParams({ ...current(), q: words || undefined });
        packsPart.hidden = !!words;
        if (!words) showCards?.();
        void results.show(words);
      },
    });
    root.append(form, results.element);
    // The box has the focus on arrival, as the page is first of all a search.
    (form.querySelector('input') as HTMLInputElement).focus();
  }
  root.append(packsPart);
  if (state.q && searchable) {
    packsPart.hidden = true;
    void results.show(state.q, early);
  }
  const all = [...(await packs())].sort((a, b) => byPopularity({ prefix: a.id, total: a.total }, { prefix: b.id, total: b.total }));
  const list = h('ul', { class: 'cards', 'aria-label': 'Packs' });
  const count = h('p', { class: 'count', 'aria-live': 'polite' });
  /** The packs by name, sorted once that order is first chosen. */
  let byName: RegistryEntry[] | undefined;
  const show = () => {
    // Hidden behind search results, the filters and the cards are built when they are shown: the cards are most of
    // the page's elements, and the licence menu's sort by locale loads the browser's collation data.
    if (packsPart.hidden) {
      showCards = show;
      return;
    }
    showCards = undefined;
    if (packsPart.childElementCount === 0)
      packsPart.append(
        h('h2', { class: 'visually-hidden' }, 'Packs'),
        filtersOf(all, current(), {
          // The address follows the filter without redrawing the page (and the field keeps its focus).
          filter: (text) => {
            context.setParams({ ...current(), filter: text || undefined });
            show();
          },
          choose: (change) => update(change, false),
        }),
        count,
        list,
      );
    const now = current();
    const shown = (now.sort === 'name' ? (byName ??= [...all].sort((a, b) => a.name.localeCompare(b.name))) : all).filter((pack) => packMatches(pack, now));
    count.textContent = `${shown.length} of ${all.length} packs`;
    list.replaceChildren(...shown.map(packCard));
  };
  show();
}

import { MAX_SEARCH_LIMIT } from '../src/iconify/search-limits.js';
import { needsAttribution } from '../src/render/licence.js';
import type { RegistryEntry } from '../src/render/registry-entry.js';
import { packs, search, servedByRegistry } from './api.js';
import { announce, h, searchForm, viewUrl } from './dom.js';
import { IconGrid } from './grid.js';
import { loadIcons, svgOf } from './icons.js';
import { mark } from './marks.js';

/** Licence filter value for the packs whose licence asks for no credit. */
const NO_ATTRIBUTION = 'no-attribution';

export interface HomeState {
  q?: string;
  filter?: string;
  license?: string;
  palette?: string;
  category?: string;
}

function select(label: string, name: string, value: string | undefined, options: Array<[string, string]>, onChange: (value: string) => void): HTMLElement {
  const element = h(
    'select',
    { id: `filter-${name}`, name },
    ...options.map(([key, text]) => h('option', { value: key, selected: key === (value ?? '') }, text)),
  );
  element.addEventListener('change', () => onChange(element.value));
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
      h('span', { class: 'meta' }, `${pack.id} · ${pack.total.toLocaleString('en-US')} icons`),
      h('span', { class: 'meta' }, `${pack.author.name} · ${pack.license.title}`),
      pack.category ? h('span', { class: 'meta' }, pack.category) : undefined,
    ),
  );
  const names = (pack.samples ?? []).slice(0, 3);
  new IntersectionObserver((entries, observer) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    void loadIcons(pack.id, names).then(() => {
      samples.innerHTML = names.map((name) => svgOf(`${pack.id}:${name}`) ?? '').join('');
    });
  }).observe(card);
  return card;
}

/** The home view: every pack as a card, filtered as you type, and a search over every icon. */
export async function homeView(root: HTMLElement, state: HomeState, navigate: (url: string, replace?: boolean) => void): Promise<void> {
  // A search needs no list of packs: it is asked for at once.
  const found = state.q ? search(state.q).catch(() => undefined) : undefined;
  const searchable = await servedByRegistry();
  const update = (change: Partial<HomeState>, replace = true) => navigate(viewUrl({ ...state, ...change }), replace);
  const heading = h('h1', {}, 'Icons');
  root.append(heading);
  if (searchable) {
    root.append(
      searchForm({
        id: 'search',
        name: 'q',
        label: 'Search every icon',
        placeholder: 'Search every icon: arrow left, mdi:home, style:stroke user',
        value: state.q,
        submit: (words) => update({ q: words || undefined }, false),
      }),
    );
  }
  if (state.q && searchable) {
    const ids = (await found) ?? [];
    announce(`${ids.length} icons found for ${state.q}`);
    root.append(h('h2', {}, `${ids.length === MAX_SEARCH_LIMIT ? `${MAX_SEARCH_LIMIT}+` : ids.length} icons for “${state.q}”`));
    if (!ids.length) root.append(h('p', {}, 'No icon matches. Try another word, or fewer words.'));
    const grid = new IconGrid(
      ids.map((id) => ({ id, showPack: true })),
      `Icons found for ${state.q}`,
      // The first row of results, the best ones.
      { rows: 1, drawn: (count) => mark('results-painted', count) },
    );
    root.append(grid.element);
    grid.draw();
    return;
  }
  const all = await packs();
  const licences = [...new Map(all.filter((pack) => pack.license.spdx).map((pack) => [pack.license.spdx as string, pack.license.title]))].sort();
  const categories = [...new Set(all.map((pack) => pack.category ?? 'Uncategorised'))].sort();
  const filterInput = h('input', {
    type: 'text',
    id: 'filter',
    value: state.filter ?? '',
    placeholder: 'Filter packs by name, id, author or category',
    autocomplete: 'off',
  });
  const list = h('ul', { class: 'cards', 'aria-label': 'Packs' });
  const count = h('p', { class: 'count', 'aria-live': 'polite' });
  const show = () => {
    const shown = all.filter((pack) => packMatches(pack, state));
    count.textContent = `${shown.length} of ${all.length} packs`;
    list.replaceChildren(...shown.map(packCard));
  };
  filterInput.addEventListener('input', () => {
    state.filter = filterInput.value || undefined;
    // The address follows the filter without redrawing the page (and the field keeps its focus).
    history.replaceState(null, '', viewUrl({ ...state }));
    show();
  });
  root.append(
    h(
      'div',
      { class: 'filters' },
      h('label', { class: 'field grow' }, h('span', {}, 'Filter packs'), filterInput),
      select('Licence', 'license', state.license, [['', 'Any licence'], [NO_ATTRIBUTION, 'No attribution needed'], ...licences], (value) =>
        update({ license: value || undefined }, false),
      ),
      select(
        'Palette',
        'palette',
        state.palette,
        [
          ['', 'Any palette'],
          ['mono', 'One colour'],
          ['multi', 'Many colours'],
        ],
        (value) => update({ palette: value || undefined }, false),
      ),
      select('Category', 'category', state.category, [['', 'Any category'], ...categories.map((category): [string, string] => [category, category])], (value) =>
        update({ category: value || undefined }, false),
      ),
    ),
    count,
    list,
  );
  show();
}

import type { RegistryEntry } from '../src/render/registry-entry.js';
import { packIcons, packs, search, servedByRegistry } from './api.js';
import { announce, h, searchForm, viewUrl } from './dom.js';
import { IconGrid } from './grid.js';
import { mark } from './marks.js';

export interface PackState {
  pack: string;
  q?: string;
  category?: string;
}

function link(text: string, url: string | undefined): Node {
  return url ? h('a', { href: url, rel: 'noopener' }, text) : document.createTextNode(text);
}

/** A pack's view: its information, its categories as filters, a search within it, and a grid of its icons. */
export async function packView(root: HTMLElement, state: PackState, navigate: (url: string, replace?: boolean) => void): Promise<void> {
  const entry = (await packs()).find((pack) => pack.id === state.pack);
  if (!entry) {
    root.append(h('h1', {}, 'No such pack'), h('p', {}, `There is no pack “${state.pack}”. `, h('a', { href: './' }, 'See every pack.')));
    return;
  }
  const [icons, searchable] = await Promise.all([packIcons(entry.id), servedByRegistry()]);
  root.append(h('p', { class: 'crumbs' }, h('a', { href: './' }, 'All packs')), h('h1', {}, entry.name), info(entry, icons.names.length));
  root.append(
    searchForm({
      id: 'pack-search',
      label: `Search ${entry.name}`,
      placeholder: searchable ? `Search ${entry.name}` : 'Filter by name',
      value: state.q,
      submit: (words) => navigate(viewUrl({ pack: entry.id, q: words || undefined, category: state.category })),
    }),
  );
  const categories = Object.keys(icons.categories);
  if (categories.length) {
    const chips = [undefined, ...categories].map((category) =>
      h(
        'a',
        {
          href: viewUrl({ pack: entry.id, q: state.q, category }),
          class: 'chip',
          'aria-current': (state.category ?? undefined) === category ? 'page' : undefined,
        },
        category ?? 'All',
      ),
    );
    root.append(h('nav', { class: 'chips', 'aria-label': 'Categories' }, ...chips));
  }
  let names = state.category ? (icons.categories[state.category] ?? []) : icons.names;
  if (state.q) {
    if (searchable) {
      const found = new Set((await search(state.q, entry.id)).map((id) => id.slice(entry.id.length + 1)));
      names = state.category ? names.filter((name) => found.has(name)) : [...found];
    } else {
      const words = state.q.toLowerCase().split(/\s+/);
      names = names.filter((name) => words.every((word) => name.includes(word)));
    }
  }
  announce(`${names.length} icons`);
  root.append(h('p', { class: 'count' }, `${names.length.toLocaleString('en-US')} icons`));
  const grid = new IconGrid(
    names.map((name) => ({ id: `${entry.id}:${name}`, showPack: false })),
    `Icons of ${entry.name}`,
    { icons: 100, drawn: (count) => mark('icons-painted', count) },
  );
  root.append(grid.element);
  grid.draw();
}

function info(entry: RegistryEntry, count: number): HTMLElement {
  return h(
    'dl',
    { class: 'info' },
    h('dt', {}, 'Id'),
    h('dd', {}, entry.id),
    h('dt', {}, 'Icons'),
    h('dd', {}, count.toLocaleString('en-US')),
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

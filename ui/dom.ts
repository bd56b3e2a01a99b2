/** Builds an element with attributes (`on…` functions become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | EventListener | undefined> = {},
  ...children: Array<Node | string | undefined | false>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}

/** The page's URL for a view: the page itself with the view's parameters. */
export function viewUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : './';
}

/** Announces a change to screen readers through the page's live region. */
export function announce(text: string): void {
  const region = document.getElementById('status');
  if (region) region.textContent = text;
}

/** Searches asked for at most once in this long: keys typed faster (a fast typist, a paste, a held key) are one search, of the last words. */
export const SEARCH_SPACING_MS = 100;

/**
 * A search box that searches as you type: `search` gets the words typed,
 * trimmed ('' for none), and at once on Enter. Esc empties it. The page's
 * `/` key focuses it. A key is searched at once when the last search was
 * asked for SEARCH_SPACING_MS ago or more (people type a key every 100 ms or
 * more, so no pause delays them), else once that time is up, with the words
 * typed by then: a burst of keys is one search, not one a key. A search that
 * a newer one overtakes is cancelled by whoever runs it.
 */
export function searchForm(options: {
  id: string;
  label: string;
  placeholder: string;
  value: string | undefined;
  name?: string;
  search: (words: string) => void;
}): HTMLFormElement {
  const input = h('input', {
    type: 'search',
    id: options.id,
    name: options.name,
    value: options.value ?? '',
    placeholder: options.placeholder,
    autocomplete: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
    'data-search-box': '',
  });
  const form = h(
    'form',
    { role: 'search', class: 'search' },
    h('label', { for: options.id, class: 'visually-hidden' }, options.label),
    input,
    h('button', { type: 'submit' }, 'Search'),
  );
  let last = (options.value ?? '').trim();
  let askedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    const words = input.value.trim();
    if (words === last) return;
    last = words;
    askedAt = performance.now();
    options.search(words);
  };
  input.addEventListener('input', () => {
    if (timer !== undefined) return;
    const wait = askedAt + SEARCH_SPACING_MS - performance.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !input.value) return;
    // Handled here: the page's Esc (which closes the icon view) waits for an empty box.
    event.preventDefault();
    event.stopPropagation();
    input.value = '';
    run();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  return form;
}

/** Sets the box's words (a correction picked, say) and searches for them. */
export function setSearchWords(form: HTMLFormElement, words: string): void {
  const input = form.querySelector('input') as HTMLInputElement;
  input.value = words;
  form.requestSubmit();
}

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

/**
 * A search box that searches as you type: `search` gets the words typed,
 * trimmed ('' for none), at each key, and on Enter. Esc empties it. The
 * page's `/` key focuses it. No pause is waited for: people type a key
 * every 100 ms or more, so a pause long enough to skip keys would delay
 * every search, and a search that a newer one overtakes is cancelled by
 * whoever runs it (the results drop answers to words no longer typed).
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
  const run = () => {
    const words = input.value.trim();
    if (words === last) return;
    last = words;
    options.search(words);
  };
  input.addEventListener('input', run);
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

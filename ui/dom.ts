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

/** A search box: a labelled field and its button; `submit` gets the words typed, trimmed ('' for none). */
export function searchForm(options: {
  id: string;
  label: string;
  placeholder: string;
  value: string | undefined;
  name?: string;
  submit: (words: string) => void;
}): HTMLFormElement {
  const input = h('input', {
    type: 'search',
    id: options.id,
    name: options.name,
    value: options.value ?? '',
    placeholder: options.placeholder,
    autocomplete: 'off',
  });
  const form = h(
    'form',
    { role: 'search', class: 'search' },
    h('label', { for: options.id, class: 'visually-hidden' }, options.label),
    input,
    h('button', { type: 'submit' }, 'Search'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    options.submit(input.value.trim());
  });
  return form;
}

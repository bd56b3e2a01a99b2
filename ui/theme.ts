import { h } from './dom.js';

/*
 * Light or dark: the system's choice until one is picked here, then the
 * one picked, kept for the next visit. The style sheet reads
 * <html data-theme>, and the system's preference when it is absent.
 */

const KEY = 'icon-registry:theme';

function stored(): 'light' | 'dark' | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

function apply(theme: 'light' | 'dark' | undefined): void {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/** The header's switch between light and dark. */
export function themeSwitch(): HTMLButtonElement {
  apply(stored());
  const button = h('button', { type: 'button', id: 'theme', class: 'header-button' });
  const current = (): 'light' | 'dark' =>
    (document.documentElement.dataset.theme as 'light' | 'dark' | undefined) ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  const label = () => {
    const dark = current() === 'dark';
    button.textContent = dark ? '☀ Light' : '☾ Dark';
    button.setAttribute('aria-label', dark ? 'Use the light theme' : 'Use the dark theme');
  };
  button.addEventListener('click', () => {
    const next = current() === 'dark' ? 'light' : 'dark';
    apply(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Not kept: the theme lasts as long as the page.
    }
    label();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', label);
  label();
  return button;
}

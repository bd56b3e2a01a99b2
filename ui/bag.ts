import { ICON_ID } from '../src/registry/search-params.js';
import { MAX_BAG_CHARACTERS } from './bag-limits.js';

/*
 * The bag: icons taken from anywhere in the page (search, packs, the icon
 * view), kept in localStorage so that it outlives a reload, and shared by
 * the page's tabs. It holds at most what one download's address can name:
 * the registry refuses request targets over MAX_TARGET_BYTES.
 */

const KEY = 'icon-registry:bag';

type Listener = () => void;

function read(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    const ids = stored.filter((id): id is string => typeof id === 'string' && ICON_ID.test(id));
    return [...new Set(ids)];
  } catch {
    return [];
  }
}

class Bag {
  private ids: string[] = read();
  private readonly listeners = new Set<Listener>();
  /** Told when an icon is refused for want of room: every way of taking one says so through them. */
  private readonly refusals = new Set<Listener>();

  constructor() {
    window.addEventListener('storage', (event) => {
      if (event.key !== KEY) return;
      this.ids = read();
      this.changed(false);
    });
  }

  list(): readonly string[] {
    return this.ids;
  }

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  /** Whether `id` still fits in a download's address. */
  fits(id: string): boolean {
    return [...this.ids, id].join(',').length <= MAX_BAG_CHARACTERS;
  }

  /** Adds or removes `id`; false when the bag is full (which its `onFull` listeners are told) or `id` is no icon's. */
  toggle(id: string): boolean {
    if (this.has(id)) {
      this.ids = this.ids.filter((taken) => taken !== id);
    } else {
      if (!ICON_ID.test(id)) return false;
      if (!this.fits(id)) {
        for (const listener of this.refusals) listener();
        return false;
      }
      this.ids = [...this.ids, id];
    }
    this.changed(true);
    return true;
  }

  clear(): void {
    this.ids = [];
    this.changed(true);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` each time an icon is refused because the bag is full. */
  onFull(listener: Listener): () => void {
    this.refusals.add(listener);
    return () => this.refusals.delete(listener);
  }

  private changed(store: boolean): void {
    if (store) {
      try {
        localStorage.setItem(KEY, JSON.stringify(this.ids));
      } catch {
        // Storage refused (private mode, quota): the bag lasts as long as the page.
      }
    }
    for (const listener of this.listeners) listener();
  }
}

export const bag = new Bag();

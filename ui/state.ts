import type { IconGrid } from './grid.js';
import type { IconMark } from './revisions.js';

/*
 * The page's state, in one place and read one way: a store holds a plain
 * object that is replaced, never changed in place, so that a listener can
 * tell what changed by comparing the state before with the state now. The
 * page keeps one such store (`page`); an icon panel keeps one of its own for
 * the choices made in it, as it lives only as long as the panel. Documents
 * fetched once and read by every view are kept by `cached`.
 */

export type Listener<T> = (now: Readonly<T>, before: Readonly<T>) => void;

export class Store<T extends object> {
  private readonly listeners = new Set<Listener<T>>();

  constructor(private state: Readonly<T>) {}

  get(): Readonly<T> {
    return this.state;
  }

  /** Changes the fields given; the listeners hear of it when one of them differs. */
  set(change: Partial<T>): void {
    const before = this.state;
    if (!Object.entries(change).some(([key, value]) => !Object.is(before[key as keyof T], value))) return;
    this.state = { ...before, ...change };
    for (const listener of this.listeners) listener(this.state, before);
  }

  /** Calls `listener` on each change until the function returned is called. */
  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The page's state: which list is drawn, its grid, and the icon open over it. */
export interface PageState {
  /** The list view drawn: the address's parameters but `icon`, and the same as a query string, which tells two lists apart. */
  list: { key: string; params: Readonly<Record<string, string>> } | undefined;
  /** The grid of that list, whose icons the icon panel steps through. */
  grid: IconGrid | undefined;
  /** The icon open in the panel (`pack:name`). */
  icon: string | undefined;
  /** Whether the open icon's address was pushed onto the history by the page: closing the panel then goes back. */
  pushedIcon: boolean;
  /** The icons of the list drawn that its revision drew anew or otherwise than the revision before (by id): the grids mark them. */
  marks: ReadonlyMap<string, IconMark> | undefined;
}

export const page = new Store<PageState>({ list: undefined, grid: undefined, icon: undefined, pushedIcon: false, marks: undefined });

/** The parameters of the list drawn (none before the first). */
export function listParams(): Readonly<Record<string, string>> {
  return page.get().list?.params ?? {};
}

/**
 * The newest of overlapping asynchronous tasks (views drawn, searches
 * asked, icons shown): `begin` starts one and returns whether it is still
 * the newest, so that a task overtaken by a later one drops its result.
 */
export class Newest {
  private count = 0;

  begin(): () => boolean {
    const mine = ++this.count;
    return () => mine === this.count;
  }
}

const documents = new Map<string, Promise<unknown>>();

/**
 * What `fetch` promises, asked once for the page's life under `key` and
 * shared by whoever asks again, so that views drawn one after another (and
 * at once) make one request for the same document. A refusal stays as
 * well: the page does not ask twice.
 */
export function cached<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  let promise = documents.get(key) as Promise<T> | undefined;
  if (!promise) documents.set(key, (promise = fetch()));
  return promise;
}

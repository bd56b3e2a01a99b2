import type { IconGrid } from './grid.js';

/** What a list view (home, search results, a pack) may ask of the page. */
export interface ListContext {
  /** Goes to another view (`replace`: without a new history entry). */
  navigate(url: string, replace?: boolean): void;
  /** The view's own parameters changed (words typed): the address follows, the view is not drawn again. */
  setParams(params: Record<string, string | undefined>): void;
  /** The grid whose icons the icon view steps through (with ← and →). */
  setGrid(grid: IconGrid | undefined): void;
  /** Opens icon `index` of the grid in the icon view. */
  open(index: number): void;
}

import type { IconStyle } from './icon-style.js';

/*
 * What the search index is made from, as the catalog's build reads it off a
 * set (see iconify-lists.ts in the catalog): the index format lies below the
 * catalog, so the shapes the two share are declared here.
 */

/** An icon of the lists: its name first, then the names of its plain aliases. */
export type ListedIcon = string[];
export interface Tag {
  title: string;
  icons: ListedIcon[];
}

/** The reference's search material of a set (its generateIconSetIconsTree keeps it beside the lists). */
export interface SearchLists {
  /** Visible icons with their plain aliases, in the order the reference walks them (an object's key order). */
  icons: ListedIcon[];
  /** The style of each visible icon whose body paints only fills or only strokes. */
  styles: Map<ListedIcon, IconStyle>;
  /** The style every visible icon shares, 'mixed' when they differ and some have one, else undefined. */
  style: IconStyle | 'mixed' | undefined;
  /** Each category with its icons, as `/collection` lists them. */
  categories: Tag[];
}


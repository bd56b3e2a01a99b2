import type { IconifyIcon } from '@iconify/types';
import { frameworkComponent } from './framework-document.js';
import { componentHeader, creditedIconId } from './licence.js';
import { componentName, renderReactComponent } from './react.js';
import type { RegistryEntry } from './registry-entry.js';
import { type RenderedSvg, renderSvg } from './svg.js';

/** One icon as every file form is printed from it: its pack, name and rendered SVG, and the revision it is pinned to, if any. */
export interface IconSource {
  pack: RegistryEntry;
  name: string;
  rendered: RenderedSvg;
  /** A pinned revision's name, which the components' licence comments give with the icon's id (`lucide@1.2.100:trash`). */
  revision?: string;
}

/** A form an icon takes as a file of a zip: the file's extension, and its text. */
export interface FileForm {
  extension: string;
  textOf(source: IconSource): string;
}

/**
 * The files a zip of icons can hold, by the `format` that asks for them.
 * Each gives exactly what the icon document holds for that form (`svg`,
 * `react`, and the component of each framework's item).
 */
export const FILE_FORMS = {
  svg: { extension: 'svg', textOf: (source) => source.rendered.svg },
  react: {
    extension: 'tsx',
    textOf: ({ pack, name, rendered, revision }) =>
      renderReactComponent(rendered.svg, componentName(pack.id, name), componentHeader(pack, creditedIconId(pack.id, name, revision))),
  },
  jsx: { extension: 'jsx', textOf: ({ pack, name, rendered, revision }) => frameworkComponent('jsx', pack, name, rendered.svg, revision) },
  vue: { extension: 'vue', textOf: ({ pack, name, rendered, revision }) => frameworkComponent('vue', pack, name, rendered.svg, revision) },
  svelte: { extension: 'svelte', textOf: ({ pack, name, rendered, revision }) => frameworkComponent('svelte', pack, name, rendered.svg, revision) },
  solid: { extension: 'tsx', textOf: ({ pack, name, rendered, revision }) => frameworkComponent('solid', pack, name, rendered.svg, revision) },
} as const satisfies Record<string, FileForm>;

export type FileFormat = keyof typeof FILE_FORMS;
export const FILE_FORMATS = Object.keys(FILE_FORMS) as FileFormat[];

/** The source every form of an icon is printed from; `revision` when it is pinned to one. */
export function iconSource(pack: RegistryEntry, name: string, icon: IconifyIcon, revision?: string): IconSource {
  return revision === undefined ? { pack, name, rendered: renderSvg(icon) } : { pack, name, rendered: renderSvg(icon), revision };
}

/** Where an icon's file goes in a zip: `{pack}/{name}.{extension}`. */
export function filePathOf(format: FileFormat, pack: string, name: string): string {
  return `${pack}/${name}.${FILE_FORMS[format].extension}`;
}

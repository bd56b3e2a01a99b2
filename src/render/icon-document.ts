import type { IconifyIcon } from '@iconify/types';
import type { RegistryEntry } from './registry-entry.js';
import { componentHeader, installNotes } from './licence.js';
import { componentName, renderReactComponent } from './react.js';
import { renderSvg } from './svg.js';

export const SHADCN_ITEM_SCHEMA = 'https://ui.shadcn.com/schema/registry-item.json';

/** The fields of an icon document that its readers (the page among them) use. */
export interface IconDocument {
  id: string;
  pack: string;
  name: string;
  width: number;
  height: number;
  body: string;
  svg: string;
  react: string;
  docs: string;
  categories?: string[];
}

/**
 * The /r/{pack}/{name}.json document: the icon's SVG, its React component,
 * and the fields that make it a shadcn registry item (`npx shadcn add <url>`),
 * with its licence: `docs` (printed by the CLI after install), `meta` and the
 * comment that opens the component file.
 */
export function renderIconDocument(pack: RegistryEntry, name: string, icon: IconifyIcon, categories: readonly string[] = []): string {
  const { body, svg, width, height } = renderSvg(icon);
  const id = `${pack.id}:${name}`;
  const react = renderReactComponent(svg, componentName(pack.id, name), componentHeader(pack, id));
  const fileName = `${pack.id}-${name}.tsx`;
  return JSON.stringify({
    id,
    pack: pack.id,
    name,
    width,
    height,
    body,
    svg,
    react,
    $schema: SHADCN_ITEM_SCHEMA,
    type: 'registry:component',
    title: `${pack.id}:${name}`,
    description: `The ${name} icon of ${pack.name} by ${pack.author.name}, licensed ${pack.license.title}, as a React component.`,
    files: [{ path: `icons/${fileName}`, type: 'registry:component', target: `components/icons/${fileName}`, content: react }],
    docs: installNotes(pack, id),
    meta: { iconify: { id, license: pack.license.spdx ?? null, palette: pack.palette ?? null } },
    ...(categories.length ? { categories } : {}),
  });
}

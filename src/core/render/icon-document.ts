import type { IconifyIcon } from '@iconify/types';
import type { RegistryEntry } from './registry-entry.js';
import type { IconState } from '../icon-state.js';
import { componentHeader, creditedIconId, installNotes } from './licence.js';
import { componentName, renderReactComponent } from './react.js';
import { type RenderedSvg, renderSvg } from './svg.js';

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
  /** Whether the icon is drawn as itself, hidden, or renamed (then with its successor): see core/icon-state.ts. */
  state: IconState['state'];
  successor?: string;
}

/**
 * The /r/{pack}/{name}.json document: the icon's SVG, its React component,
 * and the fields that make it a shadcn registry item (`npx shadcn add <url>`),
 * with its licence: `docs` (printed by the CLI after install), `meta` and the
 * comment that opens the component file.
 */
export function renderIconDocument(
  pack: RegistryEntry,
  name: string,
  icon: IconifyIcon,
  categories: readonly string[] = [],
  revision?: string,
  state: IconState = { state: 'active' },
): string {
  const rendered = renderSvg(icon);
  const react = renderReactComponent(rendered.svg, componentName(pack.id, name), componentHeader(pack, creditedIconId(pack.id, name, revision)));
  const fileName = `${pack.id}-${name}.tsx`;
  return renderComponentItem(pack, name, rendered, categories, {
    field: 'react',
    content: react,
    schema: SHADCN_ITEM_SCHEMA,
    label: 'a React component',
    file: { path: `icons/${fileName}`, type: 'registry:component', target: `components/icons/${fileName}`, content: react },
    state,
  });
}

/** What tells one framework's item of an icon from another's: the component, the field it is in, its CLI's schema, and the file written. */
export interface ComponentOfItem {
  field: string;
  content: string;
  schema: string;
  /** The component in prose, for `description`. */
  label: string;
  file: Record<string, string>;
  /** The icon's state, said by the icon document (the framework items leave it to it). */
  state?: IconState;
}

/**
 * An icon as a registry item of a CLI that installs components: the icon's
 * SVG and drawing, the component in a field of its own, the item's fields,
 * and its licence in `docs`, `meta` and the component's comment.
 */
export function renderComponentItem(
  pack: RegistryEntry,
  name: string,
  rendered: RenderedSvg,
  categories: readonly string[],
  component: ComponentOfItem,
): string {
  const id = `${pack.id}:${name}`;
  return JSON.stringify({
    id,
    pack: pack.id,
    name,
    width: rendered.width,
    height: rendered.height,
    body: rendered.body,
    svg: rendered.svg,
    [component.field]: component.content,
    $schema: component.schema,
    type: 'registry:component',
    title: id,
    description: `The ${name} icon of ${pack.name} by ${pack.author.name}, licensed ${pack.license.title}, as ${component.label}.`,
    files: [component.file],
    docs: installNotes(pack, id),
    meta: { iconify: { id, license: pack.license.spdx ?? null, palette: pack.palette ?? null } },
    ...(categories.length ? { categories } : {}),
    ...(component.state ? { state: component.state.state, ...(component.state.successor ? { successor: component.state.successor } : {}) } : {}),
  });
}

import type { IconifyIcon } from '@iconify/types';
import type { Framework } from '../paths.js';
import { renderComponentItem, SHADCN_ITEM_SCHEMA } from './icon-document.js';
import { componentHeader, creditedIconId } from './licence.js';
import { componentName, renderJsxComponent } from './react.js';
import type { RegistryEntry } from './registry-entry.js';
import { renderSolidComponent } from './solid.js';
import { renderSvelteComponent } from './svelte.js';
import { renderSvg } from './svg.js';
import { renderVueComponent } from './vue.js';

/** What differs between the frameworks' items: the CLI's schema, the file written, and the framework's name in prose. */
interface FrameworkItem {
  label: string;
  schema: string;
  /** The file the CLI writes: `path` in the registry, and `target` where the CLI honours one. */
  file(pack: string, name: string): { path?: string; target?: string };
  render(svg: string, component: string, header: readonly string[]): string;
}

const FRAMEWORK_ITEMS: Readonly<Record<Framework, FrameworkItem>> = {
  vue: {
    label: 'a Vue component',
    schema: 'https://shadcn-vue.com/schema/registry-item.json',
    // No target: shadcn-vue then writes it below the project's `components` alias (src/components/icons/...),
    // where a target would be taken from the project's root with any `src/` removed.
    file: (pack, name) => ({ path: `icons/${componentName(pack, name)}.vue` }),
    render: renderVueComponent,
  },
  svelte: {
    label: 'a Svelte component',
    schema: 'https://shadcn-svelte.com/schema/registry-item.json',
    // shadcn-svelte reads a target below the project's `components` alias ($lib/components).
    file: (pack, name) => ({ target: `icons/${pack}-${name}.svelte` }),
    render: (svg, _component, header) => renderSvelteComponent(svg, header),
  },
  solid: {
    label: 'a Solid component',
    schema: SHADCN_ITEM_SCHEMA,
    file: (pack, name) => ({ path: `icons/${pack}-${name}.tsx`, target: `components/icons/${pack}-${name}.tsx` }),
    render: renderSolidComponent,
  },
  jsx: {
    label: 'a React component in plain JSX',
    schema: SHADCN_ITEM_SCHEMA,
    file: (pack, name) => ({ path: `icons/${pack}-${name}.jsx`, target: `components/icons/${pack}-${name}.jsx` }),
    render: renderJsxComponent,
  },
};

/**
 * The /r/{framework}/{pack}/{name}.json document: the icon's SVG and its
 * component for that framework (field named after it), as a registry item
 * of that framework's CLI (shadcn-vue, shadcn-svelte; the shadcn CLI for
 * Solid and plain JSX), with the licence the React item carries: `docs`,
 * `meta`, and the comment in the component.
 */
/** The component of `framework` for an icon rendered as `svg`, with its licence comment: what its item's file holds. */
export function frameworkComponent(framework: Framework, pack: RegistryEntry, name: string, svg: string, revision?: string): string {
  return FRAMEWORK_ITEMS[framework].render(svg, componentName(pack.id, name), componentHeader(pack, creditedIconId(pack.id, name, revision)));
}

export function renderFrameworkDocument(
  framework: Framework,
  pack: RegistryEntry,
  name: string,
  icon: IconifyIcon,
  categories: readonly string[] = [],
  revision?: string,
): string {
  const item = FRAMEWORK_ITEMS[framework];
  const rendered = renderSvg(icon);
  const content = frameworkComponent(framework, pack, name, rendered.svg, revision);
  return renderComponentItem(pack, name, rendered, categories, {
    field: framework,
    content,
    schema: item.schema,
    label: item.label,
    file: { ...item.file(pack.id, name), type: 'registry:component', content },
  });
}

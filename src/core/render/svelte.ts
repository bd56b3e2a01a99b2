import { decodeXML } from 'entities/decode';
import { EVENT_HANDLER, INTRINSIC_TAG, jsxValue } from './jsx.js';
import { type MarkupPrinter, printSvg } from './svg-walk.js';

/** Attribute names Svelte takes as they are; a directive (`bind:`, `class:`, `use:`, ...) or anything else is spread. */
const SVELTE_PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
const SVELTE_DIRECTIVE = /^(?:on|bind|class|style|use|transition|in|out|animate|let|attach):/;
/** Elements Svelte reads in a way of its own (raw text, slots): rendered through <svelte:element>. */
const SVELTE_SPECIAL_TAGS: ReadonlySet<string> = new Set(['style', 'script', 'slot']);

function svelteAttributes(attributes: Record<string, string>): string[] {
  const result: string[] = [];
  for (const [name, raw] of Object.entries(attributes)) {
    if (EVENT_HANDLER.test(name)) continue;
    const value = decodeXML(raw);
    // jsxValue's expression form also keeps `{` and entities out of a quoted value, as Svelte needs.
    if (SVELTE_PLAIN_NAME.test(name) && !SVELTE_DIRECTIVE.test(name)) result.push(`${name}=${jsxValue(value)}`);
    else result.push(`{...{ ${JSON.stringify(name)}: ${JSON.stringify(value)} }}`);
  }
  return result;
}

/** Svelte 5 markup: attributes as in SVG, text as string expressions, elements holding text on one line. */
const sveltePrinter: MarkupPrinter = {
  attributes: svelteAttributes,
  openTag: (name) => {
    if (!INTRINSIC_TAG.test(name)) return undefined;
    return SVELTE_SPECIAL_TAGS.has(name) ? `svelte:element this="${name}"` : name;
  },
  closeTag: (name) => (SVELTE_SPECIAL_TAGS.has(name) ? 'svelte:element' : name),
  text: (text) => `{${JSON.stringify(text)}}`,
  hugsText: true,
};

/**
 * A Svelte 5 component that renders `svg`. Every prop it is given is spread
 * last onto the <svg>, so callers override size, colour, class or aria
 * attributes. `header` (comment lines) goes below the import.
 */
export function renderSvelteComponent(svg: string, header: readonly string[] = []): string {
  return [
    '<script lang="ts">',
    "  import type { SVGAttributes } from 'svelte/elements'",
    '',
    ...header.map((line) => `  ${line}`),
    '  const { ...props }: SVGAttributes<SVGSVGElement> = $props()',
    '</script>',
    '',
    ...printSvg(svg, '', ['{...props}'], sveltePrinter),
    '',
  ].join('\n');
}

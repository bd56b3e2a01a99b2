import { decodeXML } from 'entities/decode';
import { componentModule, EVENT_HANDLER, INTRINSIC_TAG, jsxValue } from './jsx.js';
import { type MarkupPrinter, printSvg } from './svg-walk.js';

/**
 * Solid writes SVG attributes under their own names (`stroke-width`, `xlink:href`,
 * `class`), not React's props. Names JSX cannot spell go through a spread.
 */
const SOLID_PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]*(?::[A-Za-z_][A-Za-z0-9_-]*)?$/;
/** Namespace prefixes Solid's compiler reads as directives (`use:`, `prop:`, ...): such names are spread, as plain attributes. */
const SOLID_DIRECTIVE = /^(?:use|prop|attr|bool|on|oncapture):/;
/** Props Solid gives a meaning of its own (content, refs, class toggles): never an icon's attribute. */
const SOLID_RESERVED: ReadonlySet<string> = new Set(['children', 'ref', 'classList', 'innerHTML', 'textContent', 'innerText']);

function solidAttributes(attributes: Record<string, string>): string[] {
  const result: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (EVENT_HANDLER.test(name) || SOLID_RESERVED.has(name)) continue;
    const decoded = decodeXML(value);
    if (SOLID_PLAIN_NAME.test(name) && !SOLID_DIRECTIVE.test(name)) result.push(`${name}=${jsxValue(decoded)}`);
    else result.push(`{...{ ${JSON.stringify(name)}: ${JSON.stringify(decoded)} }}`);
  }
  return result;
}

/** JSX of Solid's intrinsic elements: attribute names as in SVG, inline styles as strings, text as string expressions. */
const solidPrinter: MarkupPrinter = {
  attributes: solidAttributes,
  openTag: (name) => (INTRINSIC_TAG.test(name) ? name : undefined),
  closeTag: (name) => name,
  text: (text) => `{${JSON.stringify(text)}}`,
};

/**
 * TSX source of a Solid component that renders `svg`. Props are spread last
 * onto the <svg> (Solid keeps a spread reactive), so callers override size,
 * colour, class or aria attributes. `header` goes right below the import.
 */
export function renderSolidComponent(svg: string, name: string, header: readonly string[] = []): string {
  const lines = printSvg(svg, '    ', ['{...props}'], solidPrinter);
  return componentModule(name, "import type { ComponentProps } from 'solid-js'", "ComponentProps<'svg'>", header, lines);
}

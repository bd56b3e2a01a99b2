import { decodeXML } from 'entities/decode';
import styleToJs from 'style-to-js';
import { REACT_ATTRIBUTE_NAMES, TYPED_SVG_PROPS } from './react-attribute-names.js';
import { type MarkupPrinter, printSvg } from './svg-walk.js';

/** What the generated JSX needs from outside itself. */
export interface JsxNeeds {
  /** A style object has custom properties (`--x`), which React's CSSProperties type does not declare. */
  cssProperties: boolean;
}

/** Attribute names that can be written as-is in JSX. Anything else goes through a spread. */
export const PLAIN_JSX_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Characters a quoted JSX attribute cannot carry verbatim (JSX decodes entities, has no escapes). */
const NEEDS_EXPRESSION = /["&{}<>\\\r\n\t]/;
/** Style keys that need no quotes in an object literal. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Element names JSX treats as intrinsic elements. */
export const INTRINSIC_TAG = /^[a-z][A-Za-z0-9-]*$/;
/** Inline event handlers: never part of a component we publish. */
export const EVENT_HANDLER = /^on/i;

export function jsxValue(value: string): string {
  return NEEDS_EXPRESSION.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`;
}

function styleObject(css: string, needs: JsxNeeds, typescript: boolean): string | undefined {
  let style: Record<string, string>;
  try {
    style = styleToJs(css, { reactCompat: true });
  } catch {
    return undefined; // unparseable inline CSS has no effect in a browser either
  }
  const entries = Object.entries(style);
  if (entries.length === 0) return undefined;
  const object = `{ ${entries.map(([key, value]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')} }`;
  if (!typescript || !entries.some(([key]) => key.startsWith('--'))) return `{${object}}`;
  needs.cssProperties = true;
  return `{${object} as CSSProperties}`;
}

/**
 * Whether tsc accepts `prop` written as a plain JSX attribute: React's types
 * declare it, or it has a hyphen (JSX does not type-check those). Anything
 * else (a prop React knows but its types lack, a namespaced name) is spread
 * from an object literal, which tsc does not check for unknown keys.
 */
function isPlainAttribute(prop: string): boolean {
  return PLAIN_JSX_NAME.test(prop) && (prop.includes('-') || TYPED_SVG_PROPS.has(prop));
}

/** How an attribute is written in JSX: left out, as a style object, as `prop=`, or spread. */
type AttributeForm = { kind: 'event handler' } | { kind: 'style' } | { kind: 'plain'; prop: string } | { kind: 'spread'; prop: string };

/** Forms of the attribute names met so far: a large icon repeats a few names thousands of times. */
const attributeForms = new Map<string, AttributeForm>();
/** Own packs may use any names; past this many, forms are worked out without being kept. */
const MAX_KEPT_FORMS = 2048;

function attributeForm(name: string): AttributeForm {
  let form = attributeForms.get(name);
  if (form) return form;
  if (EVENT_HANDLER.test(name)) form = { kind: 'event handler' };
  else if (name === 'style') form = { kind: 'style' };
  else {
    const prop = REACT_ATTRIBUTE_NAMES[name.toLowerCase()] ?? name;
    form = isPlainAttribute(prop) ? { kind: 'plain', prop } : { kind: 'spread', prop };
  }
  if (attributeForms.size < MAX_KEPT_FORMS) attributeForms.set(name, form);
  return form;
}

/** JSX attributes for one element, with React's prop names. */
function jsxAttributes(attributes: Record<string, string>, needs: JsxNeeds, typescript: boolean): string[] {
  const result: string[] = [];
  for (const [name, raw] of Object.entries(attributes)) {
    const form = attributeForm(name);
    if (form.kind === 'event handler') continue;
    const value = decodeXML(raw);
    if (form.kind === 'style') {
      const style = styleObject(value, needs, typescript);
      if (style) result.push(`style=${style}`);
    } else if (form.kind === 'plain') result.push(`${form.prop}=${jsxValue(value)}`);
    else result.push(`{...{ ${JSON.stringify(form.prop)}: ${JSON.stringify(value)} }}`);
  }
  return result;
}

/** JSX of React's intrinsic elements: React's prop names, style objects, text as string expressions. */
export function jsxPrinter(needs: JsxNeeds, typescript = true): MarkupPrinter {
  return {
    attributes: (attributes) => jsxAttributes(attributes, needs, typescript),
    // A name JSX cannot express as an intrinsic element (a namespace prefix, a capital
    // letter that would make it a component reference) has no place in an icon: leave it out.
    openTag: (name) => (INTRINSIC_TAG.test(name) ? name : undefined),
    closeTag: (name) => name,
    // Always an expression: JSX would otherwise trim whitespace and decode entities.
    text: (text) => `{${JSON.stringify(text)}}`,
  };
}

/**
 * Converts a complete <svg> document into JSX lines for React (see printSvg):
 * React attribute names, style objects, text as string expressions.
 * `rootAttributes` are appended to the <svg> element (for example a props
 * spread). Without `typescript`, a style with custom properties is not cast
 * to React's CSSProperties.
 */
export function svgToJsx(svg: string, indent: string, rootAttributes: string[], typescript = true): { lines: string[]; needs: JsxNeeds } {
  const needs: JsxNeeds = { cssProperties: false };
  return { lines: printSvg(svg, indent, rootAttributes, jsxPrinter(needs, typescript)), needs };
}

/**
 * A component module around the JSX lines of an SVG: its type import, the
 * header lines (a licence comment), the named function taking `props`, and
 * the same function as the default export.
 */
export function componentModule(name: string, typeImport: string, propsType: string, header: readonly string[], lines: readonly string[]): string {
  return [
    typeImport,
    '',
    ...header,
    `export function ${name}(props: ${propsType}) {`,
    '  return (',
    ...lines,
    '  )',
    '}',
    '',
    `export default ${name}`,
    '',
  ].join('\n');
}

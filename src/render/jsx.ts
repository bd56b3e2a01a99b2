import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import styleToJs from 'style-to-js';
import { REACT_ATTRIBUTE_NAMES, TYPED_SVG_PROPS } from './react-attribute-names.js';

/** What the generated JSX needs from outside itself. */
export interface JsxNeeds {
  /** A style object has custom properties (`--x`), which React's CSSProperties type does not declare. */
  cssProperties: boolean;
}

/** Attribute names that can be written as-is in JSX. Anything else goes through a spread. */
const PLAIN_JSX_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Characters a quoted JSX attribute cannot carry verbatim (JSX decodes entities, has no escapes). */
const NEEDS_EXPRESSION = /["&{}<>\\\r\n\t]/;
/** Style keys that need no quotes in an object literal. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Element names JSX treats as intrinsic elements. */
const INTRINSIC_TAG = /^[a-z][A-Za-z0-9-]*$/;
/** Inline event handlers: never part of a component we publish. */
const EVENT_HANDLER = /^on/i;

function jsxValue(value: string): string {
  return NEEDS_EXPRESSION.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`;
}

function styleObject(css: string, needs: JsxNeeds): string | undefined {
  let style: Record<string, string>;
  try {
    style = styleToJs(css, { reactCompat: true });
  } catch {
    return undefined; // unparseable inline CSS has no effect in a browser either
  }
  const entries = Object.entries(style);
  if (entries.length === 0) return undefined;
  const object = `{ ${entries.map(([key, value]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')} }`;
  if (!entries.some(([key]) => key.startsWith('--'))) return `{${object}}`;
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

/** JSX attributes for one element, with React's prop names. */
function jsxAttributes(attributes: Record<string, string>, needs: JsxNeeds): string[] {
  const result: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (EVENT_HANDLER.test(name)) continue;
    if (name === 'style') {
      const style = styleObject(value, needs);
      if (style) result.push(`style=${style}`);
      continue;
    }
    const prop = REACT_ATTRIBUTE_NAMES[name.toLowerCase()] ?? name;
    result.push(isPlainAttribute(prop) ? `${prop}=${jsxValue(value)}` : `{...{ ${JSON.stringify(prop)}: ${JSON.stringify(value)} }}`);
  }
  return result;
}

function jsxNode(node: ChildNode, indent: string, out: string[], needs: JsxNeeds): void {
  switch (node.type) {
    case 'text':
      // Always an expression: JSX would otherwise trim whitespace and decode entities.
      out.push(`${indent}{${JSON.stringify(node.data)}}`);
      return;
    case 'cdata':
      for (const child of node.children) jsxNode(child, indent, out, needs);
      return;
    case 'tag':
    case 'script':
    case 'style':
      jsxElement(node, indent, out, needs, []);
      return;
    default:
      return; // comments, processing instructions and doctypes have no JSX form
  }
}

function jsxElement(element: Element, indent: string, out: string[], needs: JsxNeeds, extraAttributes: string[]): void {
  // A name JSX cannot express as an intrinsic element (a namespace prefix, a capital
  // letter that would make it a component reference) has no place in an icon: leave it out.
  if (!INTRINSIC_TAG.test(element.name)) return;
  const tag = element.name;
  const attributes = [...jsxAttributes(element.attribs, needs), ...extraAttributes];
  const open = `${indent}<${tag}${attributes.map((attribute) => ` ${attribute}`).join('')}`;
  if (element.children.length === 0) {
    out.push(`${open} />`);
    return;
  }
  out.push(`${open}>`);
  for (const child of element.children) jsxNode(child, `${indent}  `, out, needs);
  out.push(`${indent}</${tag}>`);
}

/**
 * Converts a complete <svg> document into JSX lines: React attribute names,
 * style objects, text as string expressions. `rootAttributes` are appended
 * to the <svg> element (for example a props spread).
 */
export function svgToJsx(svg: string, indent: string, rootAttributes: string[]): { lines: string[]; needs: JsxNeeds } {
  const document = parseDocument(svg, { xmlMode: true });
  const root = document.children.find((node): node is Element => node.type === 'tag' && node.name === 'svg');
  if (!root) throw new Error('no <svg> element');
  const lines: string[] = [];
  const needs: JsxNeeds = { cssProperties: false };
  jsxElement(root, indent, lines, needs, rootAttributes);
  return { lines, needs };
}

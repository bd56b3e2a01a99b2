import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import styleToJs from 'style-to-js';
import { REACT_ATTRIBUTE_NAMES } from './react-attribute-names.js';

/** Attribute names that can be written as-is in JSX. Anything else goes through a spread. */
const PLAIN_JSX_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Characters a quoted JSX attribute cannot carry verbatim (JSX decodes entities, has no escapes). */
const NEEDS_EXPRESSION = /["&{}<>\\\r\n\t]/;
/** Element names JSX treats as intrinsic elements. */
const INTRINSIC_TAG = /^[a-z][A-Za-z0-9-]*$/;
/** Inline event handlers: never part of a component we publish. */
const EVENT_HANDLER = /^on/i;

function jsxValue(value: string): string {
  return NEEDS_EXPRESSION.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`;
}

function styleObject(css: string): string | undefined {
  let style: Record<string, string>;
  try {
    style = styleToJs(css, { reactCompat: true });
  } catch {
    return undefined; // unparseable inline CSS has no effect in a browser either
  }
  const entries = Object.entries(style);
  if (entries.length === 0) return undefined;
  return `{{ ${entries.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')} }}`;
}

/** JSX attributes for one element, with React's prop names. */
export function jsxAttributes(attributes: Record<string, string>): string[] {
  const result: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (EVENT_HANDLER.test(name)) continue;
    if (name === 'style') {
      const style = styleObject(value);
      if (style) result.push(`style=${style}`);
      continue;
    }
    const prop = REACT_ATTRIBUTE_NAMES[name.toLowerCase()] ?? name;
    result.push(PLAIN_JSX_NAME.test(prop) ? `${prop}=${jsxValue(value)}` : `{...{ ${JSON.stringify(prop)}: ${JSON.stringify(value)} }}`);
  }
  return result;
}

function jsxNode(node: ChildNode, indent: string, out: string[]): void {
  switch (node.type) {
    case 'text':
      // Always an expression: JSX would otherwise trim whitespace and decode entities.
      out.push(`${indent}{${JSON.stringify(node.data)}}`);
      return;
    case 'cdata':
      for (const child of node.children) jsxNode(child, indent, out);
      return;
    case 'tag':
    case 'script':
    case 'style':
      jsxElement(node, indent, out, []);
      return;
    default:
      return; // comments, processing instructions and doctypes have no JSX form
  }
}

function jsxElement(element: Element, indent: string, out: string[], extraAttributes: string[]): void {
  // A name JSX cannot express as an intrinsic element (a namespace prefix, a capital
  // letter that would make it a component reference) has no place in an icon: leave it out.
  if (!INTRINSIC_TAG.test(element.name)) return;
  const tag = element.name;
  const attributes = [...jsxAttributes(element.attribs), ...extraAttributes];
  const open = `${indent}<${tag}${attributes.map((attribute) => ` ${attribute}`).join('')}`;
  if (element.children.length === 0) {
    out.push(`${open} />`);
    return;
  }
  out.push(`${open}>`);
  for (const child of element.children) jsxNode(child, `${indent}  `, out);
  out.push(`${indent}</${tag}>`);
}

/**
 * Converts a complete <svg> document into JSX lines: React attribute names,
 * style objects, text as string expressions. `rootAttributes` are appended
 * to the <svg> element (for example a props spread).
 */
export function svgToJsx(svg: string, indent: string, rootAttributes: string[]): string[] {
  const document = parseDocument(svg, { xmlMode: true });
  const root = document.children.find((node): node is Element => node.type === 'tag' && node.name === 'svg');
  if (!root) throw new Error('no <svg> element');
  const out: string[] = [];
  jsxElement(root, indent, out, rootAttributes);
  return out;
}

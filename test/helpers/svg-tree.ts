import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import { parseFragment } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';

/** An SVG element reduced to what must survive rendering: name, attributes, children. */
export type TreeNode = string | { tag: string; attributes: Record<string, string>; children: TreeNode[] };

/** Splits inline CSS into declarations, ignoring ';' inside quotes or parentheses. */
function declarations(css: string): string[] {
  const result: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const char of css) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ';' && depth === 0) {
      result.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  result.push(current);
  return result;
}

/** `fill: red ;STROKE:blue` and `fill:red;stroke:blue` normalise alike. */
export function normaliseStyle(css: string): string {
  return declarations(css)
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon === -1) return '';
      const property = declaration.slice(0, colon).trim();
      const value = declaration
        .slice(colon + 1)
        .trim()
        .replace(/\s+/g, ' ');
      return `${property.startsWith('--') ? property : property.toLowerCase()}:${value}`;
    })
    .filter((declaration) => declaration !== '')
    .join(';');
}

function convert(nodes: ChildNode[]): TreeNode[] {
  const result: TreeNode[] = [];
  const pushText = (text: string) => {
    const last = result[result.length - 1];
    if (typeof last === 'string') result[result.length - 1] = last + text;
    else result.push(text);
  };
  for (const node of nodes) {
    if (node.type === 'text') pushText(node.data);
    else if (node.type === 'cdata') for (const child of convert(node.children)) typeof child === 'string' ? pushText(child) : result.push(child);
    else if (node.type === 'tag' || node.type === 'style' || node.type === 'script') {
      const attributes: Record<string, string> = {};
      for (const name of Object.keys(node.attribs).sort()) {
        const value = node.attribs[name] as string;
        if (name === 'style') {
          const style = normaliseStyle(value);
          if (style) attributes.style = style;
        } else attributes[name] = value;
      }
      result.push({ tag: node.name, attributes, children: convert(node.children) });
    }
    // comments and processing instructions carry nothing a renderer must keep
  }
  return result;
}

/** Parses SVG or rendered markup (as XML) into a comparable tree. */
export function svgTree(markup: string): TreeNode[] {
  return convert(parseDocument(markup, { xmlMode: true }).children);
}

/**
 * Parses server-rendered HTML as a browser does (parse5, the HTML standard's
 * parser): inside <svg> it restores the case of SVG attribute names
 * (`viewbox` is `viewBox`), which a server renderer may have lowered.
 */
export function htmlSvgTree(markup: string): TreeNode[] {
  const fragment = parseFragment(markup, { treeAdapter: adapter }) as unknown as { children: ChildNode[] };
  restorePrefixes(fragment.children);
  return convert(fragment.children);
}

/** The parser keeps the prefix of a foreign attribute (`xlink:href`, `xml:space`, `xmlns:xlink`) apart from its name: put back together, as XML writes them. */
function restorePrefixes(nodes: ChildNode[]): void {
  for (const node of nodes) {
    if (node.type !== 'tag' && node.type !== 'style' && node.type !== 'script') continue;
    const prefixes = (node as unknown as { 'x-attribsPrefix'?: Record<string, string | undefined> })['x-attribsPrefix'] ?? {};
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(node.attribs)) attributes[prefixes[name] ? `${prefixes[name]}:${name}` : name] = value;
    node.attribs = attributes;
    restorePrefixes(node.children);
  }
}

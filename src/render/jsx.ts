import { decodeXML } from 'entities/decode';
import { Parser } from 'htmlparser2';
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
function jsxAttributes(attributes: Record<string, string>, needs: JsxNeeds): string[] {
  const result: string[] = [];
  for (const [name, raw] of Object.entries(attributes)) {
    const form = attributeForm(name);
    if (form.kind === 'event handler') continue;
    const value = decodeXML(raw);
    if (form.kind === 'style') {
      const style = styleObject(value, needs);
      if (style) result.push(`style=${style}`);
    } else if (form.kind === 'plain') result.push(`${form.prop}=${jsxValue(value)}`);
    else result.push(`{...{ ${JSON.stringify(form.prop)}: ${JSON.stringify(value)} }}`);
  }
  return result;
}

/** An element being written: the line that opens it, and whether anything was put inside it. */
interface OpenElement {
  name: string;
  line: number;
  indent: string;
  hasChildren: boolean;
}

/**
 * Converts a complete <svg> document into JSX lines: React attribute names,
 * style objects, text as string expressions. `rootAttributes` are appended
 * to the <svg> element (for example a props spread).
 *
 * The parser's events are turned into lines as they come, without building
 * a document tree first: a 200 KB fluent-emoji body spent much of its render
 * time in the tree and its garbage. What the tree would have held decides the
 * output all the same: the first top-level <svg> is the root; an element with
 * nothing inside (not even a comment) closes itself; adjacent pieces of text
 * form one string unless a comment, CDATA section or processing instruction
 * stands between them; comments, processing instructions and elements JSX
 * cannot name (with everything inside them) are left out.
 */
/** Levels of nesting that indent the JSX; deeper elements keep the indentation of this level. */
const MAX_INDENT_DEPTH = 16;

export function svgToJsx(svg: string, indent: string, rootAttributes: string[]): { lines: string[]; needs: JsxNeeds } {
  const lines: string[] = [];
  const needs: JsxNeeds = { cssProperties: false };
  const open: OpenElement[] = [];
  let state: 'before root' | 'in root' | 'after root' = 'before root';
  /** Elements open before the root is found (it must be at the top level). */
  let depthBeforeRoot = 0;
  /** Depth inside an element that is left out with all it holds; 0 when none is. */
  let skipped = 0;
  /** Text not yet written, as in the source: entities are decoded when it is written, except in CDATA. */
  let text: string | undefined;
  let inCdata = false;

  const current = () => open[open.length - 1] as OpenElement;
  const writing = () => state === 'in root' && skipped === 0;
  const flushText = () => {
    if (text === undefined) return;
    lines.push(`${current().indent}  {${JSON.stringify(inCdata ? text : decodeXML(text))}}`);
    text = undefined;
  };
  /** Something (even a comment) is put inside the current element. */
  const child = () => {
    flushText();
    current().hasChildren = true;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (state === 'before root') {
          if (depthBeforeRoot === 0 && name === 'svg') {
            state = 'in root';
            lines.push(`${indent}<svg${[...jsxAttributes(attributes, needs), ...rootAttributes].map((attribute) => ` ${attribute}`).join('')}`);
            open.push({ name, line: lines.length - 1, indent, hasChildren: false });
          } else depthBeforeRoot++;
          return;
        }
        if (state === 'after root') return;
        if (skipped > 0) {
          skipped++;
          return;
        }
        child();
        // A name JSX cannot express as an intrinsic element (a namespace prefix, a capital
        // letter that would make it a component reference) has no place in an icon: leave it out.
        if (!INTRINSIC_TAG.test(name)) {
          skipped = 1;
          return;
        }
        // Indentation stops growing past MAX_INDENT_DEPTH levels, so the source stays linear in the body however deep it nests.
        const parentIndent = current().indent;
        const elementIndent = parentIndent.length >= indent.length + 2 * MAX_INDENT_DEPTH ? parentIndent : `${parentIndent}  `;
        lines.push(
          `${elementIndent}<${name}${jsxAttributes(attributes, needs)
            .map((attribute) => ` ${attribute}`)
            .join('')}`,
        );
        open.push({ name, line: lines.length - 1, indent: elementIndent, hasChildren: false });
      },
      onclosetag() {
        if (state === 'before root') {
          depthBeforeRoot--;
          return;
        }
        if (state === 'after root') return;
        if (skipped > 0) {
          skipped--;
          return;
        }
        flushText();
        const element = open.pop() as OpenElement;
        if (element.hasChildren) {
          lines[element.line] += '>';
          lines.push(`${element.indent}</${element.name}>`);
        } else lines[element.line] += ' />';
        if (open.length === 0) state = 'after root';
      },
      ontext(data) {
        if (!writing()) return;
        current().hasChildren = true;
        // Always an expression: JSX would otherwise trim whitespace and decode entities.
        text = (text ?? '') + data;
      },
      oncomment() {
        if (writing()) child();
      },
      onprocessinginstruction() {
        if (writing()) child();
      },
      oncdatastart() {
        if (!writing()) return;
        child();
        // Its text is a string of its own, even when empty.
        inCdata = true;
        text = '';
      },
      oncdataend() {
        if (!writing()) return;
        flushText();
        inCdata = false;
      },
    },
    // Undecoded, the tokenizer skips over attribute values and text with indexOf instead of
    // looking at every character: most of a large icon is path data. decodeXML, which
    // returns a string without '&' as it is, then does what the tokenizer would have done.
    { xmlMode: true, decodeEntities: false },
  );
  parser.end(svg);
  if (state === 'before root') throw new Error('no <svg> element');
  return { lines, needs };
}

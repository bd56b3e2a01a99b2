import { decodeXML } from 'entities/decode';
import { Parser } from 'htmlparser2';

/**
 * How one framework writes the pieces of an SVG tree: the walk below decides
 * the structure (which elements, in what nesting, which close themselves,
 * where text goes), a printer only how each piece is spelt. One walk serves
 * React, plain JSX, Solid, Vue and Svelte, so they cannot drift apart in what
 * they keep of an icon.
 */
export interface MarkupPrinter {
  /** The attributes of an element (values as in the source, entities undecoded), each as written without a leading space. */
  attributes(attributes: Record<string, string>): string[];
  /** What follows `<` when opening an element of this name, or undefined to leave it out with everything inside it. */
  openTag(name: string): string | undefined;
  /** What follows `</` when closing an element of this name. */
  closeTag(name: string): string;
  /** A run of text (decoded) as it is written on a line of its own. */
  text(text: string): string;
  /**
   * Whether whitespace between text and elements would become text (Vue and
   * Svelte templates keep a space there, where JSX drops a line break): then
   * an element that holds text is written on one line, with nothing between
   * its pieces.
   */
  hugsText?: boolean;
}

/** An element being written: the line that opens it, and whether anything was put inside it. */
interface OpenElement {
  close: string;
  line: number;
  indent: string;
  hasChildren: boolean;
  /** It holds text and is written on one line (see MarkupPrinter.hugsText). */
  hugs: boolean;
}

/** Levels of nesting that indent the markup; deeper elements keep the indentation of this level. */
const MAX_INDENT_DEPTH = 16;

/**
 * Converts a complete <svg> document into lines of markup written by
 * `printer`. `rootAttributes` are appended to the <svg> element (for example
 * a props spread).
 *
 * The parser's events are turned into lines as they come, without building
 * a document tree first: a large multicolour body spent much of its render
 * time in the tree and its garbage. What the tree would have held decides the
 * output all the same: the first top-level <svg> is the root; an element with
 * nothing inside (not even a comment) closes itself; adjacent pieces of text
 * form one string unless a comment, CDATA section or processing instruction
 * stands between them; comments, processing instructions and elements the
 * printer cannot name (with everything inside them) are left out.
 */
export function printSvg(svg: string, indent: string, rootAttributes: readonly string[], printer: MarkupPrinter): string[] {
  const lines: string[] = [];
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
    lines.push(`${current().indent}  ${printer.text(inCdata ? text : decodeXML(text))}`);
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
            lines.push(`${indent}<svg${[...printer.attributes(attributes), ...rootAttributes].map((attribute) => ` ${attribute}`).join('')}`);
            open.push({ close: 'svg', line: lines.length - 1, indent, hasChildren: false, hugs: false });
          } else depthBeforeRoot++;
          return;
        }
        if (state === 'after root') return;
        if (skipped > 0) {
          skipped++;
          return;
        }
        child();
        const tag = printer.openTag(name);
        if (tag === undefined) {
          skipped = 1;
          return;
        }
        // Indentation stops growing past MAX_INDENT_DEPTH levels, so the source stays linear in the body however deep it nests.
        const parentIndent = current().indent;
        const elementIndent = parentIndent.length >= indent.length + 2 * MAX_INDENT_DEPTH ? parentIndent : `${parentIndent}  `;
        lines.push(
          `${elementIndent}<${tag}${printer
            .attributes(attributes)
            .map((attribute) => ` ${attribute}`)
            .join('')}`,
        );
        open.push({ close: printer.closeTag(name), line: lines.length - 1, indent: elementIndent, hasChildren: false, hugs: false });
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
          lines.push(`${element.indent}</${element.close}>`);
        } else lines[element.line] += ' />';
        if (element.hugs)
          lines.push(
            `${element.indent}${lines
              .splice(element.line)
              .map((line) => line.trimStart())
              .join('')}`,
          );
        if (open.length === 0) state = 'after root';
      },
      ontext(data) {
        if (!writing()) return;
        current().hasChildren = true;
        if (printer.hugsText) current().hugs = true;
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
        if (printer.hugsText) current().hugs = true;
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
  return lines;
}

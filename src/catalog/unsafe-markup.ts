import { allValidTags, unsupportedTags } from '@iconify/tools/lib/svg/data/tags';
import { Parser } from 'htmlparser2';

/**
 * The elements an icon may have: those @iconify/tools accepts in icons
 * (shapes, groups, definitions, gradients, masks, filters, animations, style),
 * the descriptive ones it drops quietly, and text. Anything else (script,
 * foreignObject, iframe, image, a, HTML elements that break out of SVG in an
 * HTML page) is refused. Compared in lower case: an HTML parser reading inline
 * SVG fixes the case of element names.
 */
const ICON_ELEMENTS: ReadonlySet<string> = new Set([...allValidTags, ...unsupportedTags, 'text', 'tspan'].map((name) => name.toLowerCase()));

/** Elements that set another attribute's value over time (`<set attributeName="href" to="javascript:...">`, or an event handler). */
const ANIMATION_ELEMENTS = new Set(['set', 'animate']);

/** CSS that runs code or binds behaviour in some browser, and escapes or comments that could hide either or a `url(`. */
const UNSAFE_CSS = /expression\(|behavior\s*:|-moz-binding|\\|\/\*/;
/** What an HTML parser would read as the start of a tag, a comment or a declaration. */
const TAG_LIKE = /<[a-z!?/]/i;

/** Whether an attribute names a resource: only references inside the icon (`#id`) are safe. */
function isReference(attribute: string): boolean {
  // Any namespace prefix: `xl:href` is `xlink:href` when `xl` is bound to XLink.
  return attribute === 'src' || localName(attribute) === 'href';
}

/** `svg:script` is a `<script>` once the prefix is bound to the SVG namespace. */
function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

/**
 * Why an icon body from an untrusted source must not be served, or undefined
 * when it may be. The body is parsed (as XML, entities decoded), so encodings
 * such as `&#106;avascript:` or `ONLOAD` do not slip through. This refuses,
 * it never rewrites: an icon is served as its author made it or not at all.
 */
export function unsafeMarkupReason(body: string): string | undefined {
  let reason: string | undefined;
  const refuse = (why: string) => {
    reason ??= why;
  };
  // An HTML parser reads <style> as raw text up to `</style>`: elements inside it would be read differently there.
  let insideStyle = 0;
  // The parser hands text over in pieces (each entity apart): a run of text is judged whole, when it ends.
  let text = '';
  const judgeText = () => {
    if (/@import|url\((?!['"]?#)/i.test(text)) refuse('external reference in a style sheet');
    if (UNSAFE_CSS.test(text.replace(/\s/g, '').toLowerCase())) refuse('script, binding or escape in a style sheet');
    // Escaped markup in text is harmless as XML, but an HTML page that re-parses it (mutation XSS) may run it.
    if (TAG_LIKE.test(text)) refuse('markup in text');
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        judgeText();
        const element = localName(name.toLowerCase());
        if (insideStyle > 0) refuse(`<${name}> inside <style>`);
        if (element === 'style') insideStyle++;
        // Any casing, as for element names.
        const animated = Object.entries(attributes).find(([attribute]) => attribute.toLowerCase() === 'attributename')?.[1];
        const target = animated?.trim().toLowerCase();
        if (ANIMATION_ELEMENTS.has(element) && target !== undefined && (isReference(target) || target.startsWith('on'))) {
          refuse(`<${name}> that changes ${animated}`);
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          const lower = attribute.toLowerCase();
          if (lower.startsWith('on')) refuse(`${attribute} event handler`);
          if (lower === 'xml:base') refuse('xml:base, which changes what references point to');
          if (TAG_LIKE.test(value)) refuse(`markup in ${attribute}`);
          const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (isReference(lower) && !compact.startsWith('#')) refuse(`${attribute} to something outside the icon`);
          // In any attribute: animation values, filters and styles can all carry a URL.
          if (/(?:javascript|vbscript|data):/.test(compact)) refuse(`script or data URL in ${attribute}`);
          // Styles and presentation attributes (fill, filter, mask, ...) alike.
          if (/url\((?!['"]?#)/.test(compact)) refuse(`external url() in ${attribute}`);
          if (lower === 'style' && UNSAFE_CSS.test(compact)) refuse('script, binding or escape in a style attribute');
        }
        // After the attributes, so that a link says what it links to.
        if (!ICON_ELEMENTS.has(element)) refuse(`<${name}> element`);
      },
      onclosetag(name) {
        judgeText();
        if (localName(name.toLowerCase()) === 'style') insideStyle--;
      },
      ontext(chunk) {
        text += chunk;
      },
      oncomment() {
        // Icons need none, and conditional comments (`<!--[if IE]>`) were a way to hide markup.
        refuse('comment');
      },
      onprocessinginstruction(name) {
        refuse(`<${name}> declaration (DOCTYPE or entity)`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(body);
  parser.end();
  judgeText();
  return reason;
}

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
/** CSS functions that load an image without `url(`: `image-set("x.png" 1x)`, `-webkit-image-set`, `image()`, `cross-fade()`, `element()`, `src()`. */
const LOADING_CSS_FUNCTION = /(?:^|[^a-z0-9_-])(?:-[a-z]+-)?(?:image-set|image|cross-fade|element|src)\(/;
/**
 * The only entity and character references an icon may use: the five of XML
 * and numeric ones. A browser reading the SVG as HTML (innerHTML, server-side
 * rendering, React) also decodes `&commat;`, `&lpar;`, `&colon;` and two
 * thousand more, some even without their semicolon, which an XML parser
 * leaves alone: any other `&` would be checked as one thing and run as another.
 */
const ALLOWED_REFERENCE = /&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-f]{1,6});/gi;
/**
 * Attribute names React gives a meaning of its own: as props of the component
 * they would throw (`dangerouslySetInnerHTML`, `ref`), replace its content
 * (`children`) or silence its checks (`suppress...`).
 */
const REACT_RESERVED = /^(?:dangerouslysetinnerhtml|ref|key|children|suppress.*)$/;

/**
 * Bounds on what one untrusted body may cost: its size, the depth of its
 * elements and their number. The largest icons of @iconify/json stay well
 * inside them (see docs/own-packs.md); past them, rendering (JSX indented by
 * depth) and the documents grow out of proportion.
 */
export const MAX_BODY_BYTES = 512 * 1024;
export const MAX_BODY_DEPTH = 48;
export const MAX_BODY_ELEMENTS = 10_000;
/** What an HTML parser would read as the start of a tag, a comment or a declaration. */
const TAG_LIKE = /<[a-z!?/]/i;

/** Whether an attribute names a resource: only references inside the icon (`#id`) are safe. */
function isReference(attribute: string): boolean {
  // Any namespace prefix (`xl:href` is `xlink:href` when `xl` is bound to XLink), and React's `xlinkHref`.
  return attribute === 'src' || localName(attribute).endsWith('href');
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
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return `body over ${MAX_BODY_BYTES / 1024} KB`;
  const reference = body.replace(ALLOWED_REFERENCE, '').match(/&[^\s&;<"']{0,32};?/);
  if (reference) return `entity reference ${reference[0]} (only the five of XML and numeric ones are allowed)`;
  let reason: string | undefined;
  const refuse = (why: string) => {
    reason ??= why;
  };
  let depth = 0;
  let elements = 0;
  // An HTML parser reads <style> as raw text up to `</style>`: elements inside it would be read differently there.
  let insideStyle = 0;
  // The parser hands text over in pieces (each entity apart): a run of text is judged whole, when it ends.
  let text = '';
  const judgeText = () => {
    if (/@import|url\((?!['"]?#)/i.test(text)) refuse('external reference in a style sheet');
    if (insideStyle > 0 && LOADING_CSS_FUNCTION.test(text.replace(/\s/g, '').toLowerCase())) refuse('image-loading function in a style sheet');
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
        if (++depth > MAX_BODY_DEPTH) refuse(`elements nested over ${MAX_BODY_DEPTH} deep`);
        if (++elements > MAX_BODY_ELEMENTS) refuse(`over ${MAX_BODY_ELEMENTS} elements`);
        if (insideStyle > 0) refuse(`<${name}> inside <style>`);
        if (element === 'style') {
          // Rules of a <style> in inline SVG apply to the whole page the icon is shown in, and a static body cannot scope them.
          refuse('<style> element (its rules would apply to the whole page)');
          insideStyle++;
        }
        // Any casing, as for element names.
        const animated = Object.entries(attributes).find(([attribute]) => attribute.toLowerCase() === 'attributename')?.[1];
        const target = animated?.trim().toLowerCase();
        if (ANIMATION_ELEMENTS.has(element) && target !== undefined && (isReference(target) || target.startsWith('on'))) {
          refuse(`<${name}> that changes ${animated}`);
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          const lower = attribute.toLowerCase();
          if (lower.startsWith('on')) refuse(`${attribute} event handler`);
          if (REACT_RESERVED.test(lower)) refuse(`${attribute}, a name React reserves`);
          if (lower === 'xml:base') refuse('xml:base, which changes what references point to');
          if (TAG_LIKE.test(value)) refuse(`markup in ${attribute}`);
          const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (isReference(lower) && !compact.startsWith('#')) refuse(`${attribute} to something outside the icon`);
          // In any attribute: animation values, filters and styles can all carry a URL.
          if (/(?:javascript|vbscript|data):/.test(compact)) refuse(`script or data URL in ${attribute}`);
          // Styles and presentation attributes (fill, filter, mask, ...) alike.
          if (/url\((?!['"]?#)/.test(compact)) refuse(`external url() in ${attribute}`);
          if (LOADING_CSS_FUNCTION.test(compact)) refuse(`image-loading function in ${attribute}`);
          if (lower === 'style' && UNSAFE_CSS.test(compact)) refuse('script, binding or escape in a style attribute');
        }
        // After the attributes, so that a link says what it links to.
        if (!ICON_ELEMENTS.has(element)) refuse(`<${name}> element`);
      },
      onclosetag(name) {
        judgeText();
        depth--;
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

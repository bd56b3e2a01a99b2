import { DomUtils, ElementType, parseDocument } from 'htmlparser2';

/*
 * An oracle for the hostile-SVG tests, written independently of src/ so that a
 * mistake in the registry's own checks cannot hide the same mistake here. It is
 * deliberately stricter than a browser: a false alarm on a safe icon only fails
 * a test, a miss would let an attack through. Markup is examined twice, as an
 * XML tree (what a strict consumer sees) and as text (what a lenient HTML
 * parser may make of it), and every finding of either is reported.
 */

type Document = ReturnType<typeof parseDocument>;
type Node = Document['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Elements that run code, embed documents, or switch an HTML parser out of SVG. */
const FORBIDDEN_ELEMENTS = [
  'script',
  'foreignobject',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'object',
  'applet',
  'param',
  'handler',
  'listener',
  'meta',
  'base',
  'link',
  'html',
  'head',
  'body',
  'math',
  'textarea',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'template',
  'portal',
  'form',
  'input',
  'button',
  'img',
  'audio',
  'video',
  'source',
  'track',
  'annotation-xml',
  // An HTML parser leaves SVG at any of these start tags (HTML "breakout" list), the root of namespace-confusion mXSS.
  'b',
  'big',
  'blockquote',
  'br',
  'center',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'listing',
  'menu',
  'nobr',
  'ol',
  'p',
  'pre',
  'ruby',
  's',
  'small',
  'span',
  'strong',
  'strike',
  'sub',
  'sup',
  'table',
  'tt',
  'u',
  'ul',
  'var',
  'font',
];
const FORBIDDEN = new Set(FORBIDDEN_ELEMENTS);

/** Every element an icon may use; anything else is unknown to SVG and suspect. */
const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'a',
  'switch',
  'title',
  'desc',
  'metadata',
  'style',
  'view',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textpath',
  'lineargradient',
  'radialgradient',
  'stop',
  'pattern',
  'clippath',
  'mask',
  'marker',
  'image',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'mpath',
  'filter',
  'feblend',
  'fecolormatrix',
  'fecomponenttransfer',
  'fecomposite',
  'feconvolvematrix',
  'fediffuselighting',
  'fedisplacementmap',
  'fedistantlight',
  'fedropshadow',
  'feflood',
  'fefunca',
  'fefuncb',
  'fefuncg',
  'fefuncr',
  'fegaussianblur',
  'feimage',
  'femerge',
  'femergenode',
  'femorphology',
  'feoffset',
  'fepointlight',
  'fespecularlighting',
  'fespotlight',
  'fetile',
  'feturbulence',
]);

/** Props React gives a meaning of its own (compared in lower case): they throw, replace content or silence checks. */
const REACT_RESERVED = new Set(['dangerouslysetinnerhtml', 'ref', 'key', 'children']);

const ANIMATION_ELEMENTS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);
const ANIMATION_VALUE_ATTRIBUTES = ['to', 'from', 'by', 'values'];

/** Attributes that a browser resolves as a URL on some element. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcdoc',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'codebase',
  'archive',
  'lowsrc',
  'dynsrc',
  'ping',
  'base',
  'classid',
  'longdesc',
  'usemap',
  'cite',
  'profile',
  'manifest',
]);

/**
 * Decodes every character reference an HTML parser would, including named ones
 * that XML does not know (`&colon;`, `&Tab;`) and ones without a semicolon,
 * because an icon is usually inlined into an HTML page. htmlparser2 in HTML
 * mode decodes text exactly so; escaping `<` first keeps the input one text node.
 */
export function decodeHtmlEntities(text: string): string {
  return DomUtils.textContent(parseDocument(text.replaceAll('<', '&lt;'), { decodeEntities: true }));
}

/**
 * The form in which a URL-ish value is judged: a URL parser strips ASCII tabs
 * and newlines anywhere and leading controls and spaces, so `java\tscript:`
 * is `javascript:`; dropping all of them can only widen what is caught.
 */
function compact(value: string): string {
  return decodeHtmlEntities(value)
    .replace(/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200d\ufeff]+/g, '')
    .toLowerCase();
}

const isLocalReference = (value: string): boolean => compact(value).startsWith('#');

/**
 * Findings that apply to any text an HTML or CSS consumer may interpret. URL
 * schemes are looked for in the compacted form; CSS functions and keywords in
 * the decoded text, since whitespace cannot split a CSS token but removing it
 * could glue an identifier (a component named `...EscapeUrl(props`) to one.
 */
function scanText(text: string, where: string): string[] {
  const view = compact(text);
  const decoded = decodeHtmlEntities(text).toLowerCase();
  const found: string[] = [];
  if (view.includes('javascript:')) found.push(`javascript: URL in ${where}`);
  if (view.includes('vbscript:')) found.push(`vbscript: URL in ${where}`);
  if (/(?:^|[^a-z0-9+.-])data:/.test(view)) found.push(`data: URL in ${where}`);
  if ([...decoded.matchAll(/(?<![\w$-])url\s*\(([^)]*)/g)].some((match) => !isLocalReference((match[1] ?? '').replace(/^\s*['"]/, ''))))
    found.push(`url() to something outside the icon in ${where}`);
  if (decoded.includes('@import')) found.push(`@import in ${where}`);
  if (/(?<![\w$-])expression\s*\(/.test(decoded)) found.push(`CSS expression() in ${where}`);
  if (/(?<![\w$-])behavior\s*:/.test(decoded)) found.push(`CSS behavior: in ${where}`);
  if (/-moz-binding\s*:/.test(decoded)) found.push(`-moz-binding in ${where}`);
  // CSS functions that fetch an image without url(): image-set("x.png" 1x) and its prefixed forms, image(), cross-fade(), element().
  if (/(?<![\w$])(?:-[a-z]+-)?(?:image-set|image|cross-fade|element)\s*\(/.test(decoded)) found.push(`image-loading CSS function in ${where}`);
  return found;
}

// Comments in style text are dropped first: old engines read `expr/**/ession(` as one word. Escapes (`\75 rl(`) are refused outright.
function scanCss(css: string, where: string): string[] {
  const found = scanText(css.replace(/\/\*[\s\S]*?\*\//g, ''), where);
  if (css.includes('\\')) found.push(`CSS escape in ${where}`);
  return found;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return (colon === -1 ? qualified : qualified.slice(colon + 1)).toLowerCase();
}

function prefixOf(qualified: string): string | undefined {
  const colon = qualified.indexOf(':');
  return colon === -1 ? undefined : qualified.slice(0, colon);
}

/** XML names are case-sensitive but an HTML parser folds them: look an attribute up the lenient way. */
function attributeValue(element: Element, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(element.attribs).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

function checkElement(element: Element, inherited: ReadonlyMap<string, string>, found: string[]): Map<string, string> {
  const namespaces = new Map(inherited);
  for (const [name, value] of Object.entries(element.attribs)) {
    if (name === 'xmlns') namespaces.set('', value.trim());
    else if (name.startsWith('xmlns:')) namespaces.set(name.slice(6), value.trim());
  }

  const tag = element.name;
  const local = localName(tag);
  const prefix = prefixOf(tag);
  const namespace = namespaces.get(prefix ?? '');
  if (FORBIDDEN.has(local)) found.push(`<${tag}> element`);
  else if (!SVG_ELEMENTS.has(local)) found.push(`<${tag}> is not an SVG element`);
  if (namespace === undefined) found.push(`<${tag}> has an undeclared namespace prefix`);
  else if (namespace !== SVG_NS) found.push(`<${tag}> is in namespace ${namespace}, not SVG`);

  for (const [name, value] of Object.entries(element.attribs)) {
    const attribute = localName(name);
    const attributePrefix = prefixOf(name);
    if (attributePrefix !== undefined && attributePrefix !== 'xmlns') {
      const attributeNamespace = namespaces.get(attributePrefix) ?? { xlink: XLINK_NS, xml: XML_NS }[attributePrefix];
      if (attributeNamespace !== XLINK_NS && attributeNamespace !== XML_NS && attributeNamespace !== XMLNS_NS) {
        found.push(`attribute ${name} on <${tag}> is in ${attributeNamespace ?? 'an undeclared namespace'}`);
      }
    }
    if (attribute.startsWith('on')) found.push(`event-handler attribute ${name} on <${tag}>`);
    // React maps xlinkHref to xlink:href: every attribute ending in href is a link.
    if ((URL_ATTRIBUTES.has(attribute) || attribute.endsWith('href')) && !isLocalReference(value))
      found.push(`${name}="${value}" on <${tag}> is not a local #fragment`);
    if (REACT_RESERVED.has(attribute) || attribute.startsWith('suppress')) found.push(`attribute ${name} on <${tag}> is a prop React reserves`);
    found.push(...(attribute === 'style' ? scanCss(value, `style attribute of <${tag}>`) : scanText(value, `${name} of <${tag}>`)));
  }

  if (ANIMATION_ELEMENTS.has(local)) {
    const target = localName(compact(attributeValue(element, 'attributeName') ?? ''));
    if (target.startsWith('on')) found.push(`<${tag}> animates the event handler ${target}`);
    if (URL_ATTRIBUTES.has(target)) {
      for (const name of ANIMATION_VALUE_ATTRIBUTES) {
        const value = attributeValue(element, name);
        if (value === undefined) continue;
        const items = name === 'values' ? value.split(';') : [value];
        if (items.some((item) => !isLocalReference(item))) found.push(`<${tag}> sets ${target} ${name}="${value}", not a local #fragment`);
      }
    }
  }
  if (local === 'style') {
    // Rules of a style sheet in inline SVG apply to the whole page, whatever they select.
    found.push(`<${tag}> style sheet applies to the whole page`);
    found.push(...scanCss(DomUtils.textContent(element), `<${tag}> style sheet`));
  }
  return namespaces;
}

function walk(nodes: readonly Node[], namespaces: ReadonlyMap<string, string>, found: string[]): void {
  for (const node of nodes) {
    if (node.type === ElementType.Directive) {
      const name = (node as unknown as { name: string }).name.toLowerCase();
      if (name === '!doctype') found.push('DOCTYPE declaration');
      else if (name === '?xml-stylesheet') found.push('xml-stylesheet processing instruction');
      else if (name !== '?xml') found.push(`declaration or processing instruction <${name}`);
    }
    if ('attribs' in node) walk(node.children, checkElement(node, namespaces, found), found);
    else if ('children' in node) walk(node.children, namespaces, found);
  }
}

const RAW_ELEMENT = new RegExp(`<(?:[\\w.-]+:)?(${FORBIDDEN_ELEMENTS.map((name) => name.replace('-', '\\-')).join('|')})(?![\\w.:-])`, 'gi');
const RAW_EVENT_HANDLER = /[\s"'/;](on[a-z]+)\s*=/gi;
const RAW_URL_ATTRIBUTE = new RegExp(`[\\s"'/](?:[\\w.-]+:)?(${[...URL_ATTRIBUTES].join('|')})\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]*))`, 'gi');
const RAW_ANIMATED_HANDLER = /attributename\s*=\s*["']?\s*(?:[\w.-]+:)?(on[a-z]+)/gi;

/** What a lenient parser could still find in the text, whatever the XML tree says. */
function scanRaw(markup: string): string[] {
  const text = decodeHtmlEntities(markup);
  const found: string[] = [];
  if (/<!doctype/i.test(text)) found.push('raw text: <!DOCTYPE');
  if (/<!entity/i.test(text)) found.push('raw text: <!ENTITY');
  if (/<!(?:attlist|element|notation)/i.test(text)) found.push('raw text: DTD declaration');
  if (/<\?\s*xml-stylesheet/i.test(text)) found.push('raw text: <?xml-stylesheet');
  if (/<\?(?!xml\s)/i.test(text)) found.push('raw text: processing instruction');
  for (const match of text.matchAll(RAW_ELEMENT)) found.push(`raw text: <${(match[1] ?? '').toLowerCase()} element`);
  for (const match of text.matchAll(RAW_EVENT_HANDLER)) found.push(`raw text: event handler ${(match[1] ?? '').toLowerCase()}=`);
  for (const match of text.matchAll(RAW_ANIMATED_HANDLER)) found.push(`raw text: animation of ${(match[1] ?? '').toLowerCase()}`);
  for (const match of text.matchAll(RAW_URL_ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (!isLocalReference(value)) found.push(`raw text: ${(match[1] ?? '').toLowerCase()}="${value}" is not a local #fragment`);
  }
  found.push(...scanText(text, 'raw text'));
  return found;
}

/** Every dangerous thing in SVG/XML markup (a body, a whole `<svg>` or rendered HTML); empty when it is safe to inline. */
export function findDangers(markup: string): string[] {
  const found: string[] = [];
  walk(
    parseDocument(markup, { xmlMode: true, decodeEntities: true }).children,
    new Map([
      ['', SVG_NS],
      ['xlink', XLINK_NS],
      ['xml', XML_NS],
    ]),
    found,
  );
  found.push(...scanRaw(markup));
  return [...new Set(found)];
}

/** JS string escapes (`\u006a`, `\x6a`, `\u{6a}`) decoded, so a literal cannot spell a keyword in disguise. */
function decodeJsEscapes(source: string): string {
  return source.replace(
    /\\u\{([0-9a-f]+)\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi,
    (_, braced: string | undefined, four: string | undefined, two: string | undefined) => String.fromCodePoint(parseInt(braced ?? four ?? two ?? '0', 16)),
  );
}

const JSX_URL_PROP =
  /\b(href|xlinkHref|src|srcDoc|action|formAction|poster)\s*([=:])\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`)\s*\}|(\{[^}]*\}|[^\s,}]+))/g;

/** Every dangerous thing in the source text of a generated React component; empty when it is safe. */
export function findDangersInReactSource(tsx: string): string[] {
  // The comment above the component names the icon (`…:style-moz-binding`), and comments never run:
  // it is left out, and only it (lines starting `// ` before the component).
  const start = tsx.indexOf('export function');
  const code = tsx.slice(0, start).replace(/^\/\/ .*$/gm, '') + tsx.slice(start);
  // JSX attribute strings decode HTML entities, JS strings decode escapes: judge what React will see.
  const text = decodeHtmlEntities(decodeJsEscapes(code));
  const found: string[] = [];
  if (/dangerouslySetInnerHTML/i.test(text)) found.push('dangerouslySetInnerHTML');
  for (const match of text.matchAll(/[\s{,]on([A-Z]\w*)\s*[=:]/g)) found.push(`event-handler prop on${match[1]}`);
  if (/<\s*script/i.test(text)) found.push('<script> element');
  if (/<\s*foreignObject/i.test(text)) found.push('<foreignObject> element');
  for (const match of text.matchAll(JSX_URL_PROP)) {
    const literal = match.slice(3, 9).find((group) => group !== undefined);
    const expression = match[9];
    // A computed value in JSX could be anything at run time; in an object literal the key may be unrelated prose.
    if (literal !== undefined ? !isLocalReference(literal) : match[2] === '=' && expression !== undefined) {
      found.push(`${match[1]} ${literal !== undefined ? `"${literal}"` : expression} is not a local #fragment`);
    }
  }
  found.push(...scanText(text, 'React source'));
  return [...new Set(found)];
}

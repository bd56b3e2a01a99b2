import { Parser } from 'htmlparser2';

/** Elements that can run code or embed other documents: never part of an icon. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
/** Attributes that name a resource; only references inside the icon (`#id`) are safe. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

/**
 * Why an icon body from an untrusted IconifyJSON file must not be served, or
 * undefined when it may be. The body is parsed (as XML, entities decoded),
 * so encodings such as `&#106;avascript:` or `ONLOAD` do not slip through.
 * This refuses, it never rewrites: an icon is served as its author made it
 * or not at all.
 */
export function unsafeMarkupReason(body: string): string | undefined {
  let reason: string | undefined;
  const refuse = (why: string) => {
    reason ??= why;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = name.toLowerCase();
        if (FORBIDDEN_ELEMENTS.has(element)) refuse(`<${name}> element`);
        for (const [attribute, value] of Object.entries(attributes)) {
          const lower = attribute.toLowerCase();
          if (lower.startsWith('on')) refuse(`${attribute} event handler`);
          const target = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (REFERENCE_ATTRIBUTES.has(lower) && !target.startsWith('#')) refuse(`${attribute} to something outside the icon`);
          if (/(?:javascript|vbscript|data):/.test(target) && (lower === 'style' || REFERENCE_ATTRIBUTES.has(lower) || target.includes('url('))) {
            refuse(`script or data URL in ${attribute}`);
          }
          if (lower === 'style' && /url\((?!['"]?#)/.test(target)) refuse('external url() in a style attribute');
        }
      },
      ontext(text) {
        if (/@import|url\((?!['"]?#)/i.test(text)) refuse('external reference in a style sheet');
      },
      onprocessinginstruction(name) {
        refuse(`<${name}> declaration (DOCTYPE or entity)`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(body);
  parser.end();
  return reason;
}

/**
 * Characters XML 1.0 never allows in a document: the C0 controls other than
 * tab, line feed and carriage return, and U+FFFE and U+FFFF.
 */
const NON_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/**
 * Whether `text` holds a character no XML document may hold. Markup that
 * does is never given to resvg: a NUL where an attribute's value begins
 * (`<g a=\0>`) makes it abort the whole process rather than throw.
 */
export function holdsNonXmlCharacter(text: string): boolean {
  return NON_XML_CHARACTER.test(text);
}

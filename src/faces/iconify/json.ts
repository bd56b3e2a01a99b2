/** A JSONP callback name the reference accepts. */
const CALLBACK = /^[a-z0-9_.]+$/i;

/** How a JSON answer is sent: as it is, or wrapped in a callback (JSONP). */
export type Wrapping = { wrap: false } | { wrap: true; callback: string };

/**
 * The reference's checkJSONPQuery: `force` wraps always (the `.js` routes)
 * or never (`.json` icon data); otherwise a non-empty `callback` wraps.
 * Undefined when the callback is not a valid name.
 */
export function wrappingOf(callback: string | null, force: boolean | undefined, defaultCallback?: string): Wrapping | undefined {
  const wrap = force ?? !!callback;
  if (!wrap) return { wrap: false };
  if (callback) return CALLBACK.test(callback) ? { wrap: true, callback } : undefined;
  return defaultCallback ? { wrap: true, callback: defaultCallback } : undefined;
}

/** JSON as the reference sends it: minified, or indented by 4 with `pretty`, and wrapped when asked. */
export function iconifyJson(data: unknown, pretty: boolean, wrapping: Wrapping): { text: string; contentType: string } {
  const json = pretty ? JSON.stringify(data, null, 4) : JSON.stringify(data);
  return wrapping.wrap
    ? { text: `${wrapping.callback}(${json});`, contentType: 'application/javascript; charset=utf-8' }
    : { text: json, contentType: 'application/json; charset=utf-8' };
}

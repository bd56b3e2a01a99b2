import type { RequestContext, Answer } from '../answer.js';
import { ALLOWED_METHODS } from '../headers.js';

/** Request headers a preflight may ask for; anything else is not echoed back. */
const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/;

const preflightHeaders = (methods: string) => ({
  'access-control-allow-methods': methods,
  'access-control-max-age': '86400',
  allow: methods,
  'cache-control': 'no-store',
});
const PREFLIGHT_HEADERS = preflightHeaders(ALLOWED_METHODS);

/** OPTIONS on any path: a CORS preflight, answered 204 with the path's methods and the requested headers allowed. */
export function answerPreflight(request: RequestContext, methods = ALLOWED_METHODS): Answer {
  const headers = methods === ALLOWED_METHODS ? PREFLIGHT_HEADERS : preflightHeaders(methods);
  const asked = request.headers['access-control-request-headers'];
  if (typeof asked === 'string' && HEADER_LIST.test(asked)) {
    return { status: 204, headers: { ...headers, 'access-control-allow-headers': asked } };
  }
  return { status: 204, headers };
}

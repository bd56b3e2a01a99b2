import type { RequestContext, Answer } from '../answer.js';
import { ALLOWED_METHODS } from '../headers.js';

/** Request headers a preflight may ask for; anything else is not echoed back. */
const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/;

const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': ALLOWED_METHODS,
  'access-control-max-age': '86400',
  allow: ALLOWED_METHODS,
  'cache-control': 'no-store',
};

/** OPTIONS on any path: a CORS preflight, answered 204 with the requested headers allowed. */
export function answerPreflight(request: RequestContext): Answer {
  const asked = request.headers['access-control-request-headers'];
  if (typeof asked === 'string' && HEADER_LIST.test(asked)) {
    return { status: 204, headers: { ...PREFLIGHT_HEADERS, 'access-control-allow-headers': asked } };
  }
  return { status: 204, headers: PREFLIGHT_HEADERS };
}

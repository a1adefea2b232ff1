import { randomToken } from '#worker/platform/crypto';

/**
 * An id a proxy in front already gave the request is kept, so one id follows it through
 * Cloudflare (`cf-ray`), a load balancer or nginx (`X-Request-Id`) and this app's log. Only a
 * short id of plain characters is taken: the header is the client's to set, and the id is
 * written into log lines and answers.
 */
const SANE = /^[A-Za-z0-9._:-]{6,64}$/;

export function requestIdFor(headers: Headers): string {
  for (const name of ['cf-ray', 'x-request-id']) {
    const given = headers.get(name);
    if (given && SANE.test(given)) return given;
  }
  return randomToken(12);
}

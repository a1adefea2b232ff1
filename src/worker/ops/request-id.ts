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
  // 16 hex digits of a random UUID (60 random bits): unique enough to find a request by, and
  // Node draws UUIDs from a pool of random bytes, where a call of getRandomValues per request
  // was a tenth of what the request log cost.
  return crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FIKEN_TEST_TOKEN = 'fake-fiken-personal-api-token';

type Captured = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };

/**
 * A loopback HTTP server standing in for Fiken's API v2: `POST /api/v2/companies/{slug}/sales`
 * answers 201 with the new sale's Location when the bearer token is FIKEN_TEST_TOKEN (401
 * otherwise), and keeps every request in `requests`. `failWith` answers the next `failTimes`
 * requests with that status instead. `url` is what FIKEN_BASE_URL is set to.
 */
export async function startFakeFiken() {
  const requests: Captured[] = [];
  const state = { failWith: 503, failTimes: 0, n: 0 };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: raw ? (JSON.parse(raw) as unknown) : null });
      const send = (status: number, headers: Record<string, string> = {}, body = '') => {
        res.writeHead(status, headers);
        res.end(body);
      };
      if (state.failTimes > 0) {
        state.failTimes--;
        return send(state.failWith, { 'content-type': 'application/json' }, '{"error":"midlertidig feil"}');
      }
      if (req.headers.authorization !== `Bearer ${FIKEN_TEST_TOKEN}`) return send(401);
      const slug = /^\/api\/v2\/companies\/([\w-]+)\/sales$/.exec(path)?.[1];
      if (req.method !== 'POST' || !slug) return send(404);
      send(201, { location: `${base}/companies/${slug}/sales/${++state.n}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/v2`;
  return {
    url: base,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeFiken = Awaited<ReturnType<typeof startFakeFiken>>;

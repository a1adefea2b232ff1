import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A unit as Enhetsregisteret answers it (the fields we read, and a name). */
type Unit = { organisasjonsnummer: string; navn: string; slettedato?: string };

/**
 * A loopback HTTP server standing in for Brønnøysundregistrene's open Enhetsregisteret API
 * (`GET /enhetsregisteret/api/enheter/{orgnr}`): 200 with the unit for a number in `units`
 * (`slettedato` on a deleted one), 410 for one in `removed`, 404 for any other. `down` answers
 * 503 to everything. `url` is what BRREG_BASE_URL is set to.
 */
export async function startFakeBrreg() {
  const units = new Map<string, Unit>();
  const removed = new Set<string>();
  const state = { down: false, lookups: [] as string[] };
  const server = createServer((req, res) => {
    const nr = /^\/enhetsregisteret\/api\/enheter\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (nr) state.lookups.push(nr);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.down) return send(503, { feilmelding: 'Tjenesten er utilgjengelig' });
    if (req.method !== 'GET' || !nr) return send(404, { feilmelding: 'Ikke funnet' });
    if (removed.has(nr)) return send(410, { organisasjonsnummer: nr, slettedato: '2020-01-01' });
    const unit = units.get(nr);
    return unit ? send(200, unit) : send(404, { feilmelding: `Fant ingen enhet med organisasjonsnummer ${nr}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/enhetsregisteret/api`,
    state,
    /** Registers an active unit (or a deleted one, with its `slettedato`). */
    add: (organisasjonsnummer: string, navn: string, slettedato?: string) =>
      units.set(organisasjonsnummer, { organisasjonsnummer, navn, ...(slettedato ? { slettedato } : {}) }),
    remove: (nr: string) => removed.add(nr),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeBrreg = Awaited<ReturnType<typeof startFakeBrreg>>;

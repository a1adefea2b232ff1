/**
 * Fiken's API v2 (https://api.fiken.no/api/v2), the part we use: `POST /companies/{slug}/sales`
 * registers a sale already paid ("annet salg", kind `cash_sale`), amounts in øre, authorised by
 * a personal API token (`Authorization: Bearer …`). Fiken answers 201 with the sale's Location.
 */
export type FikenSale = {
  saleNumber: string;
  date: string;
  kind: 'cash_sale';
  currency: 'NOK';
  totalPaid: number;
  paymentAccount: string;
  paymentDate: string;
  lines: { description: string; netPrice: number; vat: number; account: string; vatType: 'HIGH' }[];
};

/** A failure worth retrying (network, timeout, 408, 429, 5xx) or not (any other answer: the request itself is wrong). */
export class FikenError extends Error {
  override name = 'FikenError';
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

export async function postFikenSale(
  config: { FIKEN_BASE_URL: string; FIKEN_TOKEN: string; FIKEN_COMPANY: string },
  sale: FikenSale,
): Promise<{ location: string | null }> {
  let res: Response;
  try {
    res = await fetch(`${config.FIKEN_BASE_URL}/companies/${encodeURIComponent(config.FIKEN_COMPANY)}/sales`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.FIKEN_TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(sale),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new FikenError(`Fiken svarte ikke: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  if (res.ok) return { location: res.headers.get('location') };
  const body = (await res.text().catch(() => '')).slice(0, 300);
  throw new FikenError(`Fiken svarte ${res.status}: ${body}`, res.status === 408 || res.status === 429 || res.status >= 500);
}

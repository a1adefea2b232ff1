/*
 * The guide's search and certificate calls, as plain fetches (`call` reads the answer or the
 * server's Norwegian error): the overview needs no typed client or schema for them.
 */
import type { PublicUser } from '#shared/schemas/auth';
import type { SearchResponse } from '#shared/schemas/guide';
import { call } from './call';
import { isPreview } from './stores/guide';
import { learner } from '#shared/copy/guide/learner';

export const CERTIFICATE_URL = '/api/guide/certificate';

/** GET /api/guide/search; an admin's preview searches what a free user would find. */
export function searchGuide(q: string, signal: AbortSignal): Promise<SearchResponse> {
  const query = new URLSearchParams({ q, ...(isPreview() ? { preview: 'user' } : {}) });
  return call<SearchResponse>(fetch(`/api/guide/search?${query}`, { credentials: 'same-origin', signal }));
}

/** Saves the name the certificate shows, through the profile (PATCH /api/account). */
export async function saveName(firstName: string): Promise<PublicUser> {
  const res = fetch('/api/account', {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName }),
  });
  return (await call<{ user: PublicUser }>(res)).user;
}

/** Starts the PDF's download: the answer is an attachment, so the page stays where it is. */
export function downloadCertificate(): void {
  const a = Object.assign(document.createElement('a'), { href: CERTIFICATE_URL, download: learner.certificate.fileName });
  document.body.append(a);
  a.click();
  a.remove();
}

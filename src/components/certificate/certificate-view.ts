/*
 * The certificate page's script (CertificateView.astro): no framework, a kilobyte or so. The id is
 * the address's last segment; a withdrawn, unknown or malformed id gets the same 404 and the same
 * "not found" state.
 */
import { certificatePage as t } from '#shared/copy/certificates';
import { formatDate } from '#shared/money';
import type { PublicCertificate } from '#shared/schemas/certificates';

type State = 'loading' | 'found' | 'missing' | 'failed';

export async function showCertificate(root: HTMLElement | null): Promise<void> {
  if (!root) return;
  const show = (state: State) => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset.state !== state;
  };
  const fill = (field: string, text: string) => {
    const el = root.querySelector(`[data-field="${field}"]`);
    if (el) el.textContent = text;
  };
  const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  if (!id) return show('missing');
  try {
    const res = await fetch(`/api/certificates/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
    // Read in every case: an unread body keeps the request open in Chromium, and the page never goes quiet.
    const body: unknown = await res.json();
    if (res.status === 404) return show('missing');
    if (!res.ok) return show('failed');
    const certificate = body as PublicCertificate;
    fill('name', certificate.name);
    // issuedOn is an Oslo calendar day: its UTC midnight is the same day in Oslo.
    fill('date', formatDate(certificate.issuedOn));
    fill('id', id);
    fill('summary', t.summary(certificate.modules, certificate.lessons));
    document.title = `${certificate.name} – ${document.title}`;
    show('found');
  } catch {
    show('failed');
  }
}

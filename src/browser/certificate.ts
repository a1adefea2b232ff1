/* The certificate's public page, as the learner controls it (docs/decisions/0049-certificate-verification.md). */
import type { CertificateStatus } from '#shared/schemas/certificates';
import { call } from './call';
import { CERTIFICATE_URL } from './learner';

/** PUT /api/guide/certificate/public: shows the certificate on its public page, or withdraws it. */
export function setCertificatePublic(isPublic: boolean): Promise<CertificateStatus> {
  return call<CertificateStatus>(
    fetch(`${CERTIFICATE_URL}/public`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public: isPublic }),
    }),
  );
}

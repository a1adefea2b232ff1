import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PublicUser } from '#shared/schemas/auth';
import { downloadCertificate } from '#browser/learner';
import { learner } from '#shared/copy/guide/learner';

const t = learner.certificate;

// Asked only of a learner with no name on the profile: the dialog and its form parts load then.
const NameDialog = lazy(() => import('./CertificateNameDialog'));

/**
 * Downloads the certificate PDF; with no name on the profile it first asks for one (saved
 * through the profile, where it can be changed later), then downloads.
 */
export default function CertificateButton({ user }: { user: PublicUser }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-primary self-start"
        onClick={() => (user.firstName ? downloadCertificate() : setAsking(true))}
      >
        <Download className="size-4" aria-hidden="true" />
        {t.download}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <NameDialog onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}

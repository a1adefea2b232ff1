import { ArrowRight, Award, PlayCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { lessonPath } from '#shared/paths';
import type { PublicUser } from '#shared/schemas/auth';
import type { ModulesResponse } from '#shared/schemas/guide';
import CertificateButton from './CertificateButton';
import { inPreview } from './PreviewBanner';
import { learner } from '#shared/copy/guide/learner';

const t = learner.continueCard;

// Only a learner who has finished everything sees the certificate's sharing: its code loads then.
const CertificatePublic = lazy(() => import('./CertificatePublic'));

/**
 * "Fortsett der du slapp": the next lesson the server picked (the first undone lesson the user
 * may open, in course order); "Start her" before the first lesson is done. When everything open
 * is done, the certificate instead.
 */
export default function ContinueCard({ overview, user }: { overview: ModulesResponse; user: PublicUser }) {
  const { next, certificateReady } = overview;
  if (next) {
    const first = overview.modules.every((m) => m.completedCount === 0);
    const button = first ? t.firstButton : t.button;
    return (
      <section aria-labelledby="continue-title" className="card flex flex-col gap-4" data-testid="continue-card">
        <div className="flex items-start gap-3">
          <PlayCircle className="mt-0.5 size-7 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id="continue-title" className="text-lg font-bold">
              {first ? t.firstTitle : t.title}
            </h2>
            <p className="mt-1 text-sm font-medium text-muted">{t.inModule(next.moduleOrder, next.moduleTitle)}</p>
            <p className="mt-0.5 text-lg leading-snug font-semibold text-balance">{next.lessonTitle}</p>
          </div>
        </div>
        <a
          href={inPreview(lessonPath(next.moduleId, next.lessonId))}
          className="btn-primary self-start"
          aria-label={t.buttonLabel(button, next.lessonTitle)}
        >
          {button}
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      </section>
    );
  }
  if (!certificateReady) return null;
  return (
    <section
      aria-labelledby="certificate-title"
      className="card flex flex-col gap-4 border-emerald-300 bg-emerald-50/60"
      data-testid="certificate-card"
    >
      <div className="flex items-start gap-3">
        <Award className="mt-0.5 size-7 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="certificate-title" className="text-lg font-bold">
            {t.doneTitle}
          </h2>
          <p className="mt-1 text-muted">{t.doneText}</p>
        </div>
      </div>
      <CertificateButton user={user} />
      <Suspense fallback={null}>
        <CertificatePublic initial={overview.certificate} />
      </Suspense>
    </section>
  );
}

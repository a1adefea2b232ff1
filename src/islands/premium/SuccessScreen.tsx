import { useEffect, useRef, useState } from 'react';
import { PartyPopper } from 'lucide-react';
import { CONFETTI_INTERVAL_MS, CONFETTI_MS, REDIRECT_AFTER_UPGRADE_MS } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import { PATHS } from '#shared/paths';
import { refreshUser } from '#browser/stores/auth';

const t = premium.success;
const COLORS = ['#c2410c', '#f97316', '#fbbf24', '#16a34a', '#2563eb'];

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * After a confirmed upgrade: confetti for 3 s (a burst every 250 ms; none for reduced motion),
 * the welcome message, the current user refreshed, and the guide after 3 s.
 */
export default function SuccessScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [motion] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    heading.current?.focus();
    void refreshUser();
    const leave = window.setTimeout(() => window.location.assign(PATHS.guide), REDIRECT_AFTER_UPGRADE_MS);
    let cancelled = false;
    let stopConfetti = () => {};
    const target = canvas.current;
    if (motion && target) {
      // Loaded only now, so no other page pays for it. Our own canvas and no worker: the CSP allows no blob: workers.
      void import('canvas-confetti').then(({ default: confetti }) => {
        if (cancelled) return;
        const fire = confetti.create(target, { resize: true, useWorker: false });
        const burst = () =>
          fire({
            particleCount: 40,
            spread: 70,
            startVelocity: 35,
            colors: COLORS,
            origin: { x: Math.random(), y: Math.random() * 0.3 + 0.1 },
          });
        const end = Date.now() + CONFETTI_MS;
        burst();
        const id = window.setInterval(() => (Date.now() >= end ? window.clearInterval(id) : burst()), CONFETTI_INTERVAL_MS);
        stopConfetti = () => {
          window.clearInterval(id);
          fire.reset();
        };
      });
    }
    return () => {
      cancelled = true;
      window.clearTimeout(leave);
      stopConfetti();
    };
  }, [motion]);

  return (
    <>
      {motion && (
        <canvas
          ref={canvas}
          data-testid="confetti"
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-50 size-full"
        />
      )}
      <div className="mx-auto mt-6 max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:mt-12">
        <div
          className="mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-700 text-white"
          aria-hidden="true"
        >
          <PartyPopper className="size-8" />
        </div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold outline-none">
          {t.title}
        </h1>
        <p className="mt-3 text-lg">{t.text}</p>
        <p role="status" className="mt-6 text-sm text-muted">
          {t.redirecting}
        </p>
        <a href={PATHS.guide} className="btn-primary mt-4">
          {t.toGuide}
        </a>
      </div>
    </>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What replaces a form once it is done (a link sent, a sign-in failed): an optional icon, a
 * heading that takes focus when it appears — so a screen reader announces the outcome and
 * the keyboard starts there — and what follows it.
 */
export default function Outcome({
  icon,
  title,
  centered = false,
  children,
}: {
  icon?: string;
  title: string;
  centered?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={centered ? 'space-y-4 text-center' : 'space-y-5'}>
      {icon && (
        <div className="text-4xl" aria-hidden="true">
          {icon}
        </div>
      )}
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}

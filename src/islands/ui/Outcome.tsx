import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What a screen shows in place of its form or content once there is an outcome (a link sent, a
 * sign-in failed, a module not found): an optional icon, a heading that takes focus when it
 * appears — so a screen reader announces the outcome and the keyboard starts there — and what
 * follows it.
 */
export default function Outcome({
  icon,
  title,
  heading: Heading = 'h2',
  className = 'space-y-5',
  iconClassName = 'text-4xl',
  children,
}: {
  icon?: ReactNode;
  title: string;
  heading?: 'h1' | 'h2';
  className?: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={className}>
      {icon && (
        <div className={iconClassName} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </Heading>
      {children}
    </div>
  );
}

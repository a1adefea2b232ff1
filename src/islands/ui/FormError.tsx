/** A problem not tied to one field, at the end of a form or dialog (announced as it appears). */
export function FormError({ children, className = '' }: { children: string | null | undefined; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={`rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 ${className}`}>
      {children}
    </p>
  );
}

/** A loading indicator that stands still for those who prefer reduced motion; its text lives beside it. */
export default function Spinner({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      className={`${className} inline-block rounded-full border-4 border-brand-200 border-t-brand-700 motion-safe:animate-spin`}
      aria-hidden="true"
    />
  );
}

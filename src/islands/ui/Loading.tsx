import Spinner from './Spinner';

/** A screen's loading state: its text is announced once, politely. */
export default function Loading({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-24 text-center text-muted">
      <Spinner />
      <p className="text-lg font-semibold">{text}</p>
    </div>
  );
}

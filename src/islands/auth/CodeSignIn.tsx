import CodeForm from './CodeForm';
import { login } from '#shared/copy/auth';

const t = login;

/** Signing in with the code from the mail alone (/guide/login#kode), and back to asking for a link. */
export function CodeSignIn({ onBack }: { onBack: () => void }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-bold">{t.codeToggle}</h2>
      <p className="text-sm text-muted">{t.codeIntro}</p>
      <CodeForm autoFocus />
      <button type="button" className="btn-secondary w-full" onClick={onBack}>
        {t.codeBack}
      </button>
    </div>
  );
}

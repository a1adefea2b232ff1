import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { unsubscribePage } from '#shared/copy/account';
import { PATHS } from '#shared/paths';
import type { UnsubscribeInfo } from '#shared/schemas/account';
import { api, call, errorMessage } from '#browser/api';
import { BusyButton } from '../ui/BusyButton';
import Loading from '../ui/Loading';
import Notice from '../ui/Notice';
import { InvalidLinkNotice } from '../ui/InvalidLinkNotice';

const t = unsubscribePage;

type State =
  | { step: 'loading' }
  | { step: 'ask'; info: UnsubscribeInfo; working: boolean; error?: string }
  | { step: 'done'; email: string; already: boolean }
  | { step: 'invalid'; message: string };

/** The token from the address (`?token=`); the page works without signing in. */
const tokenFromAddress = () => new URLSearchParams(window.location.search).get('token') ?? '';

/**
 * /avmelding: names the address the link is for and asks before unsubscribing it (opening a
 * link alone changes nothing, so mail scanners cannot unsubscribe anyone). A forged or altered
 * link is refused by the server and said so here.
 */
export default function Unsubscribe() {
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    call(api.unsubscribe.$get({ query: { token: tokenFromAddress() } }))
      .then((info) =>
        setState(info.subscribed ? { step: 'ask', info, working: false } : { step: 'done', email: info.email, already: true }),
      )
      .catch((err: unknown) => setState({ step: 'invalid', message: errorMessage(err, t.failed) }));
  }, []);

  async function confirm(info: UnsubscribeInfo) {
    setState({ step: 'ask', info, working: true });
    try {
      const { email } = await call(api.unsubscribe.$post({ query: { token: tokenFromAddress() } }));
      setState({ step: 'done', email, already: false });
    } catch (err) {
      setState({ step: 'ask', info, working: false, error: errorMessage(err, t.failed) });
    }
  }

  if (state.step === 'loading') return <Loading text={t.loading} />;
  if (state.step === 'invalid') return <InvalidLinkNotice title={t.invalidTitle} message={state.message} home={t.home} />;
  if (state.step === 'done') {
    return (
      <Notice key="done" icon={<CircleCheck className="size-7" />} title={state.already ? t.alreadyTitle : t.doneTitle}>
        <p role="status" className="text-muted">
          {state.already ? t.already(state.email) : t.done(state.email)}
        </p>
        <p className="text-sm text-muted">{t.transactional}</p>
        <p className="text-sm text-muted">{t.changeMind}</p>
        <a href={PATHS.home} className="btn-secondary">
          {t.home}
        </a>
      </Notice>
    );
  }
  const { info, working, error } = state;
  return (
    <Notice key="ask" icon={<MailX className="size-7" />} title={t.pageTitle}>
      <p>{t.question(info.email)}</p>
      <p className="text-sm text-muted">{t.transactional}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <BusyButton className="btn-primary" onClick={() => void confirm(info)} busy={working} busyLabel={t.working}>
        {t.confirm}
      </BusyButton>
    </Notice>
  );
}

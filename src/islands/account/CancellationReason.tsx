import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CANCELLATION_REASONS } from '#db/schema/enums';
import { cancellationReasonLabels, cancellationReasonPage as t } from '#shared/copy/admin/automations';
import { PATHS } from '#shared/paths';
import type { CancellationReason as Reason } from '#shared/schemas/admin/automations';
import { api, call, errorMessage } from '#browser/api';
import Loading from '../ui/Loading';
import Notice from '../ui/Notice';
import { InvalidLinkNotice } from '../ui/InvalidLinkNotice';

type State = { step: 'saving' } | { step: 'done'; reason: Reason } | { step: 'invalid'; message: string };

const isReason = (value: string | null): value is Reason => (CANCELLATION_REASONS as readonly (string | null)[]).includes(value);

/**
 * /oppsigelse: the page a reason link in the cancellation mail opens. Its script records the
 * answer (`?token=&reason=`) and thanks; a mail scanner that only opens the link records nothing.
 */
export default function CancellationReason() {
  const [state, setState] = useState<State>({ step: 'saving' });

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const reason = query.get('reason');
    call(
      api['cancellation-reason'].$post({
        json: { token: query.get('token') ?? '', reason: isReason(reason) ? reason : 'other' },
      }),
    )
      .then(({ reason: saved }) => setState({ step: 'done', reason: saved }))
      .catch((err: unknown) => setState({ step: 'invalid', message: errorMessage(err, t.failed) }));
  }, []);

  if (state.step === 'saving') return <Loading text={t.saving} />;
  if (state.step === 'invalid') return <InvalidLinkNotice title={t.invalidTitle} message={state.message} home={t.home} />;
  return (
    <Notice key="done" icon={<CircleCheck className="size-7" />} title={t.pageTitle}>
      <p role="status">{t.thanks}</p>
      <p className="text-muted">{t.yourAnswer(cancellationReasonLabels[state.reason])}</p>
      <a href={PATHS.home} className="btn-secondary">
        {t.home}
      </a>
    </Notice>
  );
}

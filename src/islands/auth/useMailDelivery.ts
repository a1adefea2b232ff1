import { useEffect, useState } from 'react';
import { MAGIC_LINK_TTL_MINUTES } from '#shared/constants';
import type { MagicLinkStatus } from '#shared/schemas/auth';
import { api, call } from '#browser/api';

/** How long a sign-in mail may wait in the queue before the page says so. */
export const DELAYED_AFTER_MS = 30_000;
const FAST_POLL_MS = 3_000;
const SLOW_POLL_MS = 15_000;

/**
 * Whether the sign-in mail of request `requestId` has gone: `waiting` while the queue holds it,
 * `sent` once the transport took it, `delayed` when it has not gone within ~30 s (or was given
 * up). Asks GET /api/auth/magic-link/:requestId every few seconds, then every 15 s for as long
 * as the link lives, so a mail that goes out late still clears the warning.
 */
export function useMailDelivery(requestId: string | null): 'waiting' | 'sent' | 'delayed' {
  const [state, setState] = useState<'waiting' | 'sent' | 'delayed'>('waiting');
  useEffect(() => {
    if (!requestId) return;
    setState('waiting');
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const check = async () => {
      let status: MagicLinkStatus['status'] = 'pending';
      try {
        ({ status } = await call(api.auth['magic-link'][':requestId'].$get({ param: { requestId } })));
      } catch {
        // A failed check is not news about the mail: ask again.
      }
      if (!live) return;
      const waited = Date.now() - started;
      if (status === 'sent') return setState('sent');
      if (status !== 'pending' || waited >= DELAYED_AFTER_MS) setState('delayed');
      if (status !== 'pending' || waited >= MAGIC_LINK_TTL_MINUTES * 60_000) return;
      timer = setTimeout(() => void check(), waited < DELAYED_AFTER_MS ? FAST_POLL_MS : SLOW_POLL_MS);
    };
    timer = setTimeout(() => void check(), FAST_POLL_MS / 3);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [requestId]);
  return state;
}

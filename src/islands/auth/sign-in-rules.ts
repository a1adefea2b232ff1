/**
 * The sign-in forms' rules are the shared zod schemas (`emailSchema`, `verifyCodeSchema`), the
 * server's own. zod is ~15 KB gzip, a quarter of the login page's budget
 * (docs/decisions/0035-react-18-for-lean-pages.md), so the rules load when the visitor starts on
 * a form — its first focus or touch — and a submit awaits them; the page itself loads without.
 */
import type { verifyCodeSchema } from '#shared/schemas/auth';
import type { emailSchema } from '#shared/schemas/common';

type Rules = { emailSchema: typeof emailSchema; verifyCodeSchema: typeof verifyCodeSchema };
let loading: Promise<Rules> | undefined;

async function load(): Promise<Rules> {
  const [{ emailSchema }, { verifyCodeSchema }] = await Promise.all([
    import('#shared/schemas/common'),
    import('#shared/schemas/auth'),
  ]);
  return { emailSchema, verifyCodeSchema };
}

/** The rules, loaded once; a failed load (offline) is tried again on the next call. */
export const signInRules = () =>
  (loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  }));

/** Starts loading the rules without waiting for them (a form's `onFocus` and `onPointerDown`). */
export const prepareSignInRules = () => void signInRules().catch(() => {});

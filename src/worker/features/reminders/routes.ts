import { Hono, type Context } from 'hono';
import { reminders } from '#shared/copy/reminders';
import { PATHS } from '#shared/paths';
import { unsubscribeQuerySchema } from '#shared/schemas/account';
import { reminderUpdateSchema, type ReminderSetting } from '#shared/schemas/reminders';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';
import { requireUser } from '#worker/http/guards';
import { htmlMessagePage } from '#worker/http/html-message';
import { jsonBody, queryParams } from '#worker/http/validate';
import { checkOffLink, reminderSetting, setReminders, turnOffByLink } from './settings';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

const t = reminders;

/** /api/account/reminders: the signed-in learner's reminder switch (the profile). */
export const reminderRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireUser)
  .get('/', async (c) => c.json(await reminderSetting(c.var.deps, { userId: c.var.user.id })))
  .put('/', jsonBody(reminderUpdateSchema), async (c) => {
    const setting = await setReminders(c.var.deps, { userId: c.var.user.id, enabled: c.req.valid('json').enabled });
    return c.json({ ...setting, message: setting.enabled ? t.on : t.off });
  });

const wantsPage = (c: Context) => c.req.header('accept')?.includes('text/html') ?? false;

/** A browser gets a page (the link in the mail's footer); anything else JSON. An unknown link is 404 either way. */
async function answer(
  c: Context<AppEnv>,
  work: () => Promise<ReminderSetting>,
  page: { title: string; message: string; form?: boolean },
) {
  let setting: ReminderSetting;
  try {
    setting = await work();
  } catch (err) {
    if (!(err instanceof AppError) || !wantsPage(c)) throw err;
    return c.html(
      htmlMessagePage({ title: t.offPage.title, message: err.message, backHref: PATHS.home, backLabel: t.offPage.back }),
      err.status,
    );
  }
  if (!wantsPage(c)) return c.json(setting);
  const form = page.form ? { action: c.req.url.replace(/^https?:\/\/[^/]+/, ''), label: t.offPage.button } : undefined;
  return c.html(
    htmlMessagePage({ title: page.title, message: page.message, backHref: PATHS.home, backLabel: t.offPage.back, form }),
  );
}

/**
 * /api/reminders/off?token=…: works without a session. GET shows the page that asks (a link
 * scanner opening it turns nothing off); POST turns reminders off — the page's button, or a mail
 * client's RFC 8058 one-click POST, which carries no Origin and no session.
 */
export const reminderOffRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .get('/', queryParams(unsubscribeQuerySchema), (c) =>
    answer(c, () => checkOffLink(c.var.deps, c.req.valid('query')), {
      title: t.offPage.title,
      message: t.offPage.text,
      form: true,
    }),
  )
  .post('/', queryParams(unsubscribeQuerySchema), (c) =>
    answer(c, () => turnOffByLink(c.var.deps, c.req.valid('query')), { title: t.offPage.doneTitle, message: t.offPage.doneText }),
  );

import type { AdminModulesResponse } from '#shared/schemas/admin/content';
import { api, call } from '#browser/api';
import { createFetcherStore } from '../query';

/** The content manager polls its module list this often, so edits by another admin show up. */
const MODULES_POLL_MS = 30_000;

/** The admin's module list with lessons and statistics, refreshed every 30 s while a screen shows it. */
export const $adminModules = createFetcherStore<AdminModulesResponse>(['admin/content/modules'], {
  fetcher: () => call(api.admin.content.modules.$get()),
  revalidateInterval: MODULES_POLL_MS,
});

/** Contract of the learner's reminder setting (/api/account/reminders). */
import * as z from 'zod/mini';
import { reminders } from '#shared/copy/reminders';

/** The profile's reminder switch. */
export const reminderUpdateSchema = z.strictObject({ enabled: z.boolean({ error: reminders.choiceRequired }) });
export type ReminderSetting = { enabled: boolean };

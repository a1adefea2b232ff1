import type { Automation, AutomationInput } from '#shared/schemas/admin/automations';
import { api, call } from '#browser/api';

/** The automation's mails as the PUT takes them (without their sent counts). */
export const mailsOf = (automation: Automation): AutomationInput['mails'] =>
  automation.mails.map(({ sent: _sent, ...mail }) => mail);

/** Saves an automation: on or off, and its mails. */
export const saveAutomation = (kind: Automation['kind'], json: AutomationInput) =>
  call(api.admin.automations[':kind'].$put({ param: { kind }, json }));

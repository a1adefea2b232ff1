import { z } from '#shared/zod';
import { buyer as t } from '#shared/copy/buyer';
import { compactOrgNumber, isValidOrgNumber } from '#shared/org-number';
import { singleLine } from '#shared/schemas/common';

/**
 * A business buyer at the checkout (`buyer` on POST /api/premium/upgrade and the public
 * checkout): the company's name and its org.nr (spaces allowed as typed, checked by the mod-11
 * rule), printed on the receipt. Omitted: a private person.
 */
export const buyerSchema = z.object({
  company: z
    .string({ error: t.companyRequired })
    .trim()
    .min(1, { error: t.companyRequired })
    .max(200, { error: t.companyTooLong })
    .check(singleLine()),
  orgNumber: z
    .string({ error: t.orgNumberInvalid })
    .transform(compactOrgNumber)
    .refine(isValidOrgNumber, { error: t.orgNumberInvalid }),
});

export type Buyer = z.output<typeof buyerSchema>;

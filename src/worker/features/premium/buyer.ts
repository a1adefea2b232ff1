import type { Buyer } from '#shared/schemas/buyer';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { lookUpOrgNumber } from '#worker/platform/brreg';

/**
 * A business buyer's org.nr (already mod-11 checked by the schema), looked up in
 * Enhetsregisteret: a number it does not know, or a deleted unit, is refused (400) before any
 * payment starts; when the register cannot be reached the sale goes on (docs/decisions/0044).
 */
export async function checkBuyer(ctx: ServiceCtx<'config'>, buyer: Buyer | undefined): Promise<void> {
  if (!buyer) return;
  const found = await lookUpOrgNumber(ctx.config.BRREG_BASE_URL, buyer.orgNumber);
  if (found === 'unknown') throw new AppError('org_number_unknown', 400);
  if (found === 'deleted') throw new AppError('org_number_deleted', 400);
}

import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { campaigns, type Campaign as CampaignRow } from '#db/schema';
import { campaignValidation as v } from '#shared/copy/admin/campaigns';
import { discountPercent } from '#shared/pricing';
import type { Campaign, CampaignData, CampaignList } from '#shared/schemas/admin/campaigns';
import type { ServiceCtx } from '#worker/context';
import { campaignDeadline, campaignReachColumns, deleteCampaignEvents, publicCampaign } from '#worker/features/premium/index';
import { notFound } from '#worker/errors';
import { jsonValue, snapshotDetails } from '#worker/audit';
import { auditedRows, type RowWrite } from '../audited-rows';
import { requireActivatable } from './activation';

/** A stored campaign in the admin API's shape: as users see it, and its internal name. */
const toCampaign = (row: CampaignRow): Campaign => ({ ...publicCampaign(row), name: row.name });

/** The stored columns of a validated campaign; the discount percentage follows from the prices. */
function toColumns({ pricing, ...rest }: CampaignData) {
  const endsAt = campaignDeadline(rest);
  return {
    ...rest,
    endsAt: endsAt === null ? null : new Date(endsAt),
    priceOriginal: pricing.original,
    priceDiscounted: pricing.discounted,
    currency: pricing.currency,
    period: pricing.period,
    discount: discountPercent(pricing.original, pricing.discounted),
  };
}

const c = campaigns;
/* The offer's settings are logged with their values; its texts only as changed or not. */
const audited = auditedRows({
  table: campaigns,
  targetType: 'campaign',
  personal: ['name', 'title', 'subtitle', 'description', 'features', 'ctaText', 'testimonials', 'urgencyValue'],
  settings: [
    'priceOriginal',
    'priceDiscounted',
    'currency',
    'period',
    'discount',
    'urgencyType',
    'displayType',
    'colorScheme',
    'animations',
    'gamification',
    'isActive',
  ],
  stamp: 'updatedAt',
  notFound: () => notFound(v.campaignNotFound),
});

/** The ids of the other active campaigns, as JSON, for the audit row of an activation. */
const otherActiveIds = (id: string) =>
  sql`(SELECT json_group_array(o.id) FROM ${campaigns} AS o WHERE o.is_active = 1 AND o.id <> ${id})`;

/** One active campaign at a time: switches off every other one, but only if `id` exists (an unknown id changes nothing). */
const deactivateOthers = (ctx: ServiceCtx, id: string) =>
  ctx.db
    .update(campaigns)
    .set({ isActive: false, updatedAt: new Date(ctx.now()) })
    .where(and(eq(c.isActive, true), ne(c.id, id), sql`EXISTS (SELECT 1 FROM ${campaigns} AS t WHERE t.id = ${id})`));

/** `details` plus, when the write activates the campaign, which ones it switched off. */
const withDeactivated = (details: SQL, id: string, activating: boolean) =>
  activating ? sql`json_set(${details}, '$.deactivated', json(${otherActiveIds(id)}))` : details;

/** Every campaign, with how many distinct users saw and clicked it, and its paid purchases: one statement. */
export async function listCampaigns(ctx: ServiceCtx): Promise<CampaignList> {
  const rows = await ctx.db
    .select({ campaign: campaigns, ...campaignReachColumns })
    .from(campaigns)
    .orderBy(desc(c.isActive), desc(c.createdAt), c.id);
  return {
    campaigns: rows.map(({ campaign, seen, clicked, purchased }) => ({
      ...toCampaign(campaign),
      reach: { seen: Number(seen), clicked: Number(clicked), purchased: Number(purchased) },
    })),
  };
}

/** Creates a campaign; created active (a real offer only: requireActivatable), it becomes the only active one. One batch. */
export async function createCampaign(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: CampaignData },
): Promise<Campaign> {
  requireActivatable(input);
  const id = crypto.randomUUID();
  const summary = snapshotDetails({ isActive: c.isActive, displayType: c.displayType, discount: c.discount });
  const row = await audited.create(ctx, {
    actorId,
    id,
    values: { ...toColumns(input), createdAt: new Date(ctx.now()) },
    details: withDeactivated(summary, id, input.isActive),
    alsoRun: input.isActive ? [deactivateOthers(ctx, id)] : [],
  });
  return toCampaign(row);
}

/** Replaces a campaign (PUT); activating it (a real offer only) switches the others off in the same batch. Unknown id → 404. */
export async function replaceCampaign(
  ctx: ServiceCtx,
  { actorId, id, input }: RowWrite & { input: CampaignData },
): Promise<Campaign> {
  requireActivatable(input);
  const set = toColumns(input);
  const row = await audited.update(ctx, {
    actorId,
    id,
    set,
    details: (changes) => withDeactivated(changes, id, input.isActive),
    alsoRun: input.isActive ? [deactivateOthers(ctx, id)] : [],
  });
  return toCampaign(row);
}

export async function deleteCampaign(ctx: ServiceCtx, write: RowWrite): Promise<void> {
  await audited.delete(ctx, {
    ...write,
    details: sql`json_object('name', ${c.name}, 'wasActive', ${jsonValue(c.isActive)})`,
    alsoRun: [deleteCampaignEvents(ctx, write.id)],
  });
}

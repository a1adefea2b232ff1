import { eq } from 'drizzle-orm';
import { siteSettings, type SiteSettings } from '#db/schema';
import type { SiteSettingsData, SiteSettingsResponse } from '#shared/schemas/admin/settings';
import type { ServiceCtx } from '#worker/context';
import { auditExistingStatement, changeDetails } from '#worker/audit';

/** The one row of settings (migration 0019 made it). */
const ROW = 1;

/** The stored row as the admin API answers it: the welcome offer only when all of it is set. */
export function toSettings(row: SiteSettings | undefined): SiteSettingsResponse {
  const { welcomeOfferPlan: plan, welcomeOfferPrice: price, welcomeOfferDays: days } = row ?? {};
  return {
    welcomeOffer: plan && price && days ? { plan, price, days } : null,
    founder: { name: row?.founderName ?? '', photoUrl: row?.founderPhotoUrl ?? '', text: row?.founderText ?? '' },
    certificateRequiresQuizzes: row?.certificateRequiresQuizzes ?? false,
    trialDays: row?.trialDays ?? 0,
  };
}

/** GET /api/admin/settings. One statement. */
export async function readSettings(ctx: ServiceCtx): Promise<SiteSettingsResponse> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.id, ROW));
  return toSettings(row);
}

/* The offer's values are logged from/to; the founder's name, photo and text only as changed or not. */
const AUDITED = {
  welcomeOfferPlan: { column: siteSettings.welcomeOfferPlan },
  welcomeOfferPrice: { column: siteSettings.welcomeOfferPrice },
  welcomeOfferDays: { column: siteSettings.welcomeOfferDays },
  founderName: { column: siteSettings.founderName, personal: true },
  founderPhotoUrl: { column: siteSettings.founderPhotoUrl, personal: true },
  founderText: { column: siteSettings.founderText, personal: true },
  certificateRequiresQuizzes: { column: siteSettings.certificateRequiresQuizzes },
  trialDays: { column: siteSettings.trialDays },
};

/**
 * PUT /api/admin/settings: replaces every setting, audited, in one batch. A welcome offer set
 * here is charged from the next upgrade on (firstPeriodPrice) and counts down on /premium; the
 * founder section reaches the landing with its next build.
 */
export async function saveSettings(
  ctx: ServiceCtx,
  { actorId, settings }: { actorId: string; settings: SiteSettingsData },
): Promise<SiteSettingsResponse> {
  const { db } = ctx;
  const offer = settings.welcomeOffer;
  const values = {
    welcomeOfferPlan: offer?.plan ?? null,
    welcomeOfferPrice: offer?.price ?? null,
    welcomeOfferDays: offer?.days ?? null,
    founderName: settings.founder.name,
    founderPhotoUrl: settings.founder.photoUrl,
    founderText: settings.founder.text,
    ...(settings.certificateRequiresQuizzes === undefined
      ? {}
      : { certificateRequiresQuizzes: settings.certificateRequiresQuizzes }),
    ...(settings.trialDays === undefined ? {} : { trialDays: settings.trialDays }),
  };
  const [, [row]] = await db.batch([
    auditExistingStatement(
      ctx,
      { actorId, action: 'settings.update', targetType: 'settings', targetId: String(ROW) },
      { table: siteSettings, idColumn: siteSettings.id, details: changeDetails(AUDITED, values) },
    ),
    db
      .update(siteSettings)
      .set({ ...values, updatedAt: new Date(ctx.now()) })
      .where(eq(siteSettings.id, ROW))
      .returning(),
  ]);
  return toSettings(row);
}

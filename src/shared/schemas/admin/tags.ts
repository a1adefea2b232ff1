/** Contracts of user tags (/api/admin/tags, /api/admin/users/{id}/tags) and the names the product keeps itself. */
import * as z from 'zod/mini';
import { tagValidation as v } from '#shared/copy/admin/tags';
import { singleLine } from '#shared/schemas/common';

/**
 * The tags the product keeps itself, read from the state they describe: `kjøpt` (has paid),
 * `sagt opp` (cancelled, nothing renews), `fullført modul <id>` (one per module). `prøveperiode`
 * and `verved` are reserved for the trial and the referral programme. An admin cannot set or remove them.
 */
export const AUTO_TAGS = { bought: 'kjøpt', trial: 'prøveperiode', canceled: 'sagt opp', referred: 'verved' } as const;
export const MODULE_TAG_PREFIX = 'fullført modul ';

/** Whether the product keeps `tag` itself. */
export const isAutomaticTag = (tag: string): boolean =>
  (Object.values(AUTO_TAGS) as string[]).includes(tag) || tag.startsWith(MODULE_TAG_PREFIX);

/** A tag as written: one line, 1–40 characters, lower case (so «VIP» and «vip» are one tag). */
export const tagSchema = z.pipe(
  z
    .string({ error: v.invalid })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, v.invalid), z.maxLength(40, v.invalid), singleLine()),
  z.string().check(z.refine((tag) => !isAutomaticTag(tag), { error: v.automatic })),
);

export type Tag = {
  tag: string;
  /** How the admin reads it (a module's tag names the module). */
  label: string;
  automatic: boolean;
};
export type TagList = { tags: Tag[] };

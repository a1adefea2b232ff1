import { eq, sql } from 'drizzle-orm';
import { leads, magicLinkTokens, mailOutbox, rateLimits, users } from '#db/schema';
import type { ServiceCtx } from '#worker/context';

/**
 * Erases a person: their account (the schema's cascades remove everything that references it;
 * payments keep an anonymous row for the accounts) and what is stored under their e-mail
 * address without an account link — leads, sign-in links, mails in the outbox and rate-limit
 * counters named by the address. One batch, so it happens entirely or not at all.
 */
export async function eraseUser(ctx: ServiceCtx, { userId, email }: { userId: string; email: string }): Promise<void> {
  const { db } = ctx;
  await db.batch([
    db.delete(users).where(eq(users.id, userId)),
    db.delete(leads).where(eq(leads.email, email)),
    db.delete(magicLinkTokens).where(eq(magicLinkTokens.email, email)),
    db.delete(mailOutbox).where(eq(mailOutbox.to, email)),
    db.delete(rateLimits).where(sql`instr(${rateLimits.key}, ${email}) > 0`),
  ]);
}

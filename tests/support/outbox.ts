import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '#db/schema';
import type { Db } from '#db';

/** The sign-in link, its token and the six-digit code in a sign-in mail's plain text. */
export function signInParts(text: string) {
  const link = /https?:\/\/\S+\/guide\/auth\?token=[\w-]+/.exec(text)?.[0] ?? null;
  return {
    link,
    token: link ? new URL(link).searchParams.get('token') : null,
    code: /\b(\d{6})\b/.exec(text)?.[1] ?? null,
  };
}

/** The newest e-mail to an address, with the sign-in link, token and code parsed out of it. */
export async function latestMail(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail ? { ...mail, ...signInParts(mail.text) } : null;
}

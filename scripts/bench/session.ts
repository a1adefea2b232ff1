/** Real sessions for the bench, signed in through a magic link as a visitor signs in. */
import { createClient } from '@libsql/client';
import { createDb } from '#db';
import { apiAt } from '#support/api-at';
import { latestMail } from '#support/outbox';

/** One client address for signing in (each entry trusts one of the two headers). */
const CLIENT = { 'x-forwarded-for': '198.51.100.9', 'cf-connecting-ip': '198.51.100.9' };

/** Signs in through a real magic link; `tokenFor` finds the link's token where this entry's mail went. */
export async function signIn(base: string, email: string, tokenFor: (email: string) => Promise<string | null>): Promise<string> {
  const api = apiAt(base);
  const sent = await api.auth['magic-link'].$post({ json: { email } }, { headers: CLIENT });
  if (!sent.ok) throw new Error(`magic-link: ${sent.status} ${await sent.text()}`);
  // The mail is queued with the link and delivered just after the answer: wait for it a little.
  let token: string | null = null;
  for (let tries = 0; !token && tries < 50; tries++) {
    token = await tokenFor(email);
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error(`no sign-in mail for ${email}`);
  const verified = await api.auth.verify.$get({ query: { token } }, { headers: CLIENT });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  return (await verified.json()).sessionToken;
}

/** A session on the bench's Node entry, whose mail goes to the outbox in its database file. */
export async function benchSession(base: string, dbFile: string, email = 'bench@soloprenor.no'): Promise<string> {
  const outbox = createClient({ url: `file:${dbFile}` });
  try {
    return await signIn(base, email, async (to) => (await latestMail(createDb(outbox), to))?.token ?? null);
  } finally {
    outbox.close();
  }
}

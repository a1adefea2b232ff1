/** A real session for the bench: a magic link through the outbox, read from the product's database, and verified. */
import { createClient } from '@libsql/client';

export async function benchSession(base: string, dbFile: string, email = 'bench@soloprenor.no'): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' };
  const sent = await fetch(`${base}/api/auth/magic-link`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  if (!sent.ok) throw new Error(`magic-link: ${sent.status} ${await sent.text()}`);
  const db = createClient({ url: `file:${dbFile}` });
  try {
    const mail = await db.execute({ sql: 'select text from mail_outbox where "to" = ? order by id desc limit 1', args: [email] });
    const token = /[?&]token=([^\s&]+)/.exec(String(mail.rows[0]?.text ?? ''))?.[1];
    if (!token) throw new Error('no magic-link token in mail_outbox');
    const verified = await fetch(`${base}/api/auth/verify?token=${token}`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
    return ((await verified.json()) as { sessionToken: string }).sessionToken;
  } finally {
    db.close();
  }
}

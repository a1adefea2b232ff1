/*
 * Control characters through the real routes: a NUL once cut "before\u0000after" to "before" in
 * a lesson or an admin note. Each kind of field answers 400 with a Norwegian message naming the
 * field, and nothing is stored. The schema-level walk over every field is in
 * src/shared/schemas/control-characters.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads, lessons, users } from '#db/schema';
import { adminTestApp } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const LESSON = '/api/admin/content/lessons/mindset-quick-win';
const SINGLE_LINE = 'Kan ikke inneholde linjeskift, tabulator eller andre kontrolltegn (usynlige tegn som NUL).';
const MULTI_LINE = 'Kan ikke inneholde kontrolltegn (usynlige tegn som NUL). Linjeskift og tabulator går fint.';

const lesson = async () => (await ctx.t.db.select().from(lessons).where(eq(lessons.id, 'mindset-quick-win')))[0]!;

describe('control characters are refused with 400, never stored cut short', () => {
  it('long text (lesson content, admin notes): NUL and ESC refused; tabs and line breaks kept', async () => {
    const before = await lesson();
    for (const content of ['before\u0000after', 'farge \u001b[31mrød', 'slutt\u007f']) {
      await expectApiError(
        await ctx.s.asAdmin(LESSON, { method: 'PATCH', json: { content } }),
        400,
        'validation_error',
        `Ugyldig verdi for «content»: ${MULTI_LINE}`,
      );
    }
    expect((await lesson()).content).toBe(before.content);

    const kept = 'Første linje\r\nAndre\tlinje\nTredje';
    expect((await ctx.s.asAdmin(LESSON, { method: 'PATCH', json: { content: kept } })).status).toBe(200);
    expect((await lesson()).content).toBe(kept);

    const user = ctx.s.user.user;
    await expectApiError(
      await ctx.s.asAdmin(`/api/admin/users/${user.id}`, { method: 'PATCH', json: { adminNotes: 'before\u0000after' } }),
      400,
      'validation_error',
      `Ugyldig verdi for «adminNotes»: ${MULTI_LINE}`,
    );
    const [row] = await ctx.t.db.select({ adminNotes: users.adminNotes }).from(users).where(eq(users.id, user.id));
    expect(row!.adminNotes).toBe('');
  });

  it('short text (a title, UTM tags): no control character, not even a line break', async () => {
    for (const title of ['before\u0000after', 'to\nlinjer', 'tab\tinne']) {
      await expectApiError(
        await ctx.s.asAdmin(LESSON, { method: 'PATCH', json: { title } }),
        400,
        'validation_error',
        `Ugyldig verdi for «title»: ${SINGLE_LINE}`,
      );
    }
    const res = await ctx.t.request('/api/lead', {
      json: { email: 'kari@example.no', acceptTerms: true, consentMarketing: true, utm: { source: 'nyhets\u0000brev' } },
    });
    await expectApiError(res, 400, 'validation_error', `Ugyldig verdi for «utm.source»: ${SINGLE_LINE}`);
    expect(await ctx.t.db.select().from(leads)).toEqual([]);
  });

  it('e-mail addresses: a control character anywhere is an invalid address', async () => {
    for (const email of ['kari\u0000@example.no', 'kari@example.no\u0000', 'kari@exa\u0085mple.no']) {
      await expectApiError(
        await ctx.t.request('/api/lead', { json: { email, acceptTerms: true, consentMarketing: true } }),
        400,
        'validation_error',
        'Ugyldig epostadresse',
      );
    }
    expect(await ctx.t.db.select().from(leads)).toEqual([]);
  });
});

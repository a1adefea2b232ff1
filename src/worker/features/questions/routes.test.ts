import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, lessonPosts, mailQueue, users } from '#db/schema';
import { QUESTIONS } from '#shared/constants';
import { DAY } from '#shared/time';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { budgetedClient } from '#support/budgeted-client';
import { expectApiError } from '#support/errors';

const t = appPerTest({ seed: true });
// The answer mail is delivered after the request: its outbox write is no round trip of the route's.
beforeEach(() => countOnlyTheRoute(t));

const FREE_LESSON = 'mindset-quick-win';
const PREMIUM_LESSON = 'mindset-master-class';

/** A signed-in user whose account is `ageDays` old (links need QUESTIONS.linksAfterDays). */
async function user(email: string, opts: { ageDays?: number; premium?: boolean } = {}) {
  const { sessionToken, user } = await t.signIn(email);
  await t.db
    .update(users)
    .set({
      createdAt: new Date(t.clock.now() - (opts.ageDays ?? 30) * DAY),
      ...(opts.premium ? { isPremium: true, premiumPlan: 'admin_granted' as const } : {}),
    })
    .where(eq(users.id, user.id));
  return { token: sessionToken, id: user.id, api: budgetedClient(t, sessionToken) };
}
type Person = Awaited<ReturnType<typeof user>>;

const thread = (p: Person, lessonId = FREE_LESSON, before?: string) =>
  p.api.guide.lessons[':id'].questions.$get({ param: { id: lessonId }, query: { before } });
const ask = (p: Person, body: string, lessonId = FREE_LESSON) =>
  p.api.guide.lessons[':id'].questions.$post({ param: { id: lessonId }, json: { body } });
const answer = (p: Person, questionId: string, body: string) =>
  p.api.guide.questions[':id'].answers.$post({ param: { id: questionId }, json: { body } });
const report = (p: Person, postId: string) => p.api.guide.posts[':id'].report.$post({ param: { id: postId } });
const unread = async (p: Person) => (await (await p.api.guide.questions.unread.$get()).json()).total;

async function asked(p: Person, body = 'Hvordan finner jeg kundene mine?', lessonId = FREE_LESSON) {
  const res = await ask(p, body, lessonId);
  expect(res.status).toBe(201);
  return (await res.json()).question;
}
const answerMails = async (questionId: string) =>
  (await t.db.select().from(mailQueue)).filter((m) => m.dedupeKey.startsWith(`question-answered:${questionId}:`));

describe('asking under a lesson', () => {
  it('publishes the question for every learner who may open the lesson, text as written', async () => {
    const kari = await user('kari@example.no');
    await t.db.update(users).set({ firstName: 'Kari' }).where(eq(users.id, kari.id));
    const ola = await user('ola@example.no');

    const body = 'Hei!\nHva betyr <b>nisje</b>? Se https://example.no/side';
    const question = await asked(kari, body);
    expect(question).toMatchObject({ body, author: { name: 'Kari' }, mine: true, official: false, answers: [] });

    const res = await thread(ola);
    expect(res.status).toBe(200);
    const { questions, hasMore } = await res.json();
    expect(questions).toEqual([expect.objectContaining({ id: question.id, body, author: { name: 'Kari' }, mine: false })]);
    expect(hasMore).toBe(false);
  });

  it('refuses an empty, too long or non-text body (400), a visitor (401) and an unknown lesson (404)', async () => {
    const kari = await user('kari@example.no');
    await expectApiError(await ask(kari, '  '), 400, 'validation_error');
    await expectApiError(await ask(kari, 'x'.repeat(QUESTIONS.maxLength + 1)), 400, 'validation_error');
    await expectApiError(await ask(kari, 'Hei\u0000der'), 400, 'validation_error');
    const visitor = budgetedClient(t);
    await expectApiError(
      await visitor.guide.lessons[':id'].questions.$post({ param: { id: FREE_LESSON }, json: { body: 'Hei der' } }),
      401,
      'unauthenticated',
    );
    await expectApiError(
      await visitor.guide.lessons[':id'].questions.$get({ param: { id: FREE_LESSON }, query: {} }),
      401,
      'unauthenticated',
    );
    await expectApiError(await ask(kari, 'Hei der', 'finnes-ikke'), 404, 'not_found');
    await expectApiError(await thread(kari, 'finnes-ikke'), 404, 'not_found');
  });

  it("keeps a Premium lesson's thread to those who may open it (403 for a free user)", async () => {
    const premium = await user('premium@example.no', { premium: true });
    const free = await user('gratis@example.no');
    const question = await asked(premium, 'Hvordan setter jeg prisen?', PREMIUM_LESSON);

    await expectApiError(await thread(free, PREMIUM_LESSON), 403, 'premium_required');
    await expectApiError(await ask(free, 'Får jeg se?', PREMIUM_LESSON), 403, 'premium_required');
    await expectApiError(await answer(free, question.id, 'Jeg svarer likevel'), 403, 'premium_required');
    await expectApiError(await report(free, question.id), 403, 'premium_required');
    // A locked module's lessons too: niche opens when mindset is done.
    await expectApiError(await thread(free, 'niche-quick-win'), 403, 'module_locked');

    expect((await (await thread(premium, PREMIUM_LESSON)).json()).questions).toHaveLength(1);
  });

  it('pages the newest questions first', async () => {
    const kari = await user('kari@example.no');
    const ids: string[] = [];
    for (let i = 0; i < QUESTIONS.pageSize + 2; i++) {
      const [row] = await t.db
        .insert(lessonPosts)
        .values({ id: `q${i}`, lessonId: FREE_LESSON, authorId: kari.id, body: `Spørsmål ${i}`, createdAt: new Date(1_000 + i) })
        .returning();
      ids.push(row!.id);
    }
    const first = await (await thread(kari)).json();
    expect(first.questions.map((q) => q.id)).toEqual(ids.slice(2).reverse());
    expect(first.hasMore).toBe(true);
    const next = await (await thread(kari, FREE_LESSON, first.questions.at(-1)!.id)).json();
    expect(next).toEqual({
      questions: [expect.objectContaining({ id: 'q1' }), expect.objectContaining({ id: 'q0' })],
      hasMore: false,
    });
  });
});

describe('spam limits', () => {
  it(`allows ${QUESTIONS.postsPerHour} posts an hour (429 after), links only from accounts ${QUESTIONS.linksAfterDays} days old`, async () => {
    const kari = await user('kari@example.no');
    for (let i = 0; i < QUESTIONS.postsPerHour; i++) await asked(kari, `Spørsmål nummer ${i}`);
    const res = await ask(kari, 'Ett til');
    await expectApiError(res, 429, 'too_many_posts');
    expect(res.headers.get('retry-after')).toBe('3600');
    t.clock.advance(DAY);
    await asked(kari, 'En ny dag');

    const nybegynner = await user('ny@example.no', { ageDays: 1 });
    await expectApiError(await ask(nybegynner, 'Se www.spam.example'), 400, 'links_not_allowed_yet');
    await asked(nybegynner, 'Uten lenke går det fint');
    t.clock.advance(QUESTIONS.linksAfterDays * DAY);
    await asked(nybegynner, 'Nå kan jeg lenke til https://example.no');
  });

  it('refuses every post from a blocked user (403), until the admin lifts the block', async () => {
    const kari = await user('kari@example.no');
    const admin = await user('admin@soloprenor.no');
    const question = await asked(kari);
    const block = (blocked: boolean) =>
      admin.api.admin.questions.authors[':id'].blocked.$put({ param: { id: kari.id }, json: { blocked } });
    expect(await (await block(true)).json()).toEqual({ userId: kari.id, blocked: true });

    await expectApiError(await ask(kari, 'Enda et spørsmål'), 403, 'posting_blocked');
    await expectApiError(await answer(kari, question.id, 'Et svar'), 403, 'posting_blocked');
    // Reading goes on.
    expect((await thread(kari)).status).toBe(200);

    await block(false);
    await asked(kari, 'Tilbake igjen');
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, kari.id));
    expect(audit.map((a) => a.action)).toEqual(['user.block_posting', 'user.unblock_posting']);
  });
});

describe('answers', () => {
  it('an admin answers as "Svar fra Soloprenør"; the asker gets a badge and at most one mail a day per question', async () => {
    const kari = await user('kari@example.no');
    const ola = await user('ola@example.no');
    const admin = await user('admin@soloprenor.no');
    await t.db.update(users).set({ firstName: 'Ola' }).where(eq(users.id, ola.id));
    const question = await asked(kari);

    const official = await answer(admin, question.id, 'Start med det du kan best.');
    expect(official.status).toBe(201);
    expect((await official.json()).answer).toMatchObject({ author: { name: 'Svar fra Soloprenør' }, official: true });
    t.clock.advance(1000);
    await answer(ola, question.id, 'Jeg gjorde det samme!');
    expect(await answerMails(question.id)).toHaveLength(1);
    const mail = await t.latestMail('kari@example.no');
    expect(mail!.subject).toBe('Du har fått svar på spørsmålet ditt');
    expect(mail!.text).toContain(`/guide/lessons/mindset?leksjon=${FREE_LESSON}#sporsmal`);
    expect(mail!.text).not.toContain('Start med det du kan best');

    expect(await unread(kari)).toBe(2);
    const { questions } = await (await thread(kari)).json();
    expect(questions[0]!.answers.map((a) => a.author.name)).toEqual(['Svar fra Soloprenør', 'Ola']);
    expect(await unread(kari)).toBe(0);

    // The asker's own reply mails nobody; the next day's answer mails again.
    await answer(kari, question.id, 'Takk!');
    expect(await answerMails(question.id)).toHaveLength(1);
    t.clock.advance(DAY);
    await answer(ola, question.id, 'Lykke til!');
    expect(await answerMails(question.id)).toHaveLength(2);
  });

  it('answers only a visible question (404 for an unknown or hidden one)', async () => {
    const kari = await user('kari@example.no');
    const admin = await user('admin@soloprenor.no');
    await expectApiError(await answer(kari, 'finnes-ikke', 'Hallo der'), 404, 'not_found');
    const question = await asked(kari);
    await admin.api.admin.questions.posts[':id'].hidden.$put({ param: { id: question.id }, json: { hidden: true } });
    await expectApiError(await answer(kari, question.id, 'Hallo der'), 404, 'not_found');
    expect((await (await thread(kari)).json()).questions).toEqual([]);
  });
});

describe('reports', () => {
  it("reports someone else's post once; not one's own (400) nor an unknown one (404)", async () => {
    const kari = await user('kari@example.no');
    const ola = await user('ola@example.no');
    const admin = await user('admin@soloprenor.no');
    const question = await asked(kari);
    expect(await (await report(ola, question.id)).json()).toEqual({ reported: true });
    expect((await report(ola, question.id)).status).toBe(200);
    await expectApiError(await report(kari, question.id), 400, 'cannot_report_own');
    await expectApiError(await report(ola, 'finnes-ikke'), 404, 'not_found');

    const list = await (await admin.api.admin.questions.$get({ query: { status: 'reported' } })).json();
    expect(list.questions).toEqual([expect.objectContaining({ id: question.id, reports: 1 })]);
    const dismissed = await admin.api.admin.questions.posts[':id'].reports.$delete({ param: { id: question.id } });
    expect(await dismissed.json()).toEqual({ dismissed: 1 });
    expect((await (await admin.api.admin.questions.$get({ query: { status: 'reported' } })).json()).questions).toEqual([]);
  });
});

describe('the admin inbox', () => {
  it('lists unanswered questions oldest first, with answer, hide and delete, each audited', async () => {
    const kari = await user('kari@example.no');
    const admin = await user('admin@soloprenor.no');
    const first = await asked(kari, 'Det første spørsmålet');
    t.clock.advance(1000);
    const second = await asked(kari, 'Det andre spørsmålet', 'mindset-deep-dive');
    const inbox = async (status?: 'unanswered' | 'all' | 'reported') =>
      (await (await admin.api.admin.questions.$get({ query: { status } })).json()).questions;

    expect((await inbox()).map((q) => [q.id, q.lesson.id, q.author.email])).toEqual([
      [first.id, FREE_LESSON, 'kari@example.no'],
      [second.id, 'mindset-deep-dive', 'kari@example.no'],
    ]);
    const answered = await admin.api.admin.questions[':id'].answers.$post({
      param: { id: first.id },
      json: { body: 'Her er svaret.' },
    });
    expect(answered.status).toBe(201);
    expect((await inbox()).map((q) => q.id)).toEqual([second.id]);
    expect((await inbox('all')).map((q) => [q.id, q.answered, q.answers.length])).toEqual([
      [second.id, false, 0],
      [first.id, true, 1],
    ]);

    const hidden = await admin.api.admin.questions.posts[':id'].hidden.$put({ param: { id: second.id }, json: { hidden: true } });
    expect(await hidden.json()).toEqual({ post: { id: second.id, hidden: true } });
    expect(await inbox()).toEqual([]);
    const deleted = await admin.api.admin.questions.posts[':id'].$delete({ param: { id: first.id } });
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await t.db.select().from(lessonPosts).where(eq(lessonPosts.questionId, first.id))).toEqual([]);
    await expectApiError(await admin.api.admin.questions.posts[':id'].$delete({ param: { id: first.id } }), 404, 'not_found');

    const audit = await t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id));
    expect(audit.slice(0, 3).map((a) => a.action)).toEqual(['lesson_post.delete', 'lesson_post.hide', 'lesson_post.answer']);
    expect(JSON.stringify(audit)).not.toContain('Her er svaret');
  });

  it('is for admins only (401, 403) and refuses bad input (400) and unknown posts (404)', async () => {
    const kari = await user('kari@example.no');
    const admin = await user('admin@soloprenor.no');
    const question = await asked(kari);
    await expectApiError(await kari.api.admin.questions.$get({ query: {} }), 403, 'forbidden');
    await expectApiError(await budgetedClient(t).admin.questions.$get({ query: {} }), 401, 'unauthenticated');
    await expectApiError(
      await kari.api.admin.questions.authors[':id'].blocked.$put({ param: { id: kari.id }, json: { blocked: false } }),
      403,
      'forbidden',
    );
    await expectApiError(await t.request('/api/admin/questions?status=alle', { token: admin.token }), 400, 'validation_error');
    await expectApiError(
      await t.request(`/api/admin/questions/posts/${question.id}/hidden`, {
        method: 'PUT',
        json: { hidden: 'ja' },
        token: admin.token,
      }),
      400,
      'validation_error',
    );
    await expectApiError(
      await admin.api.admin.questions[':id'].answers.$post({ param: { id: question.id }, json: { body: '' } }),
      400,
      'validation_error',
    );
    await expectApiError(
      await admin.api.admin.questions.posts[':id'].hidden.$put({ param: { id: 'finnes-ikke' }, json: { hidden: true } }),
      404,
      'not_found',
    );
    await expectApiError(
      await admin.api.admin.questions.authors[':id'].blocked.$put({ param: { id: 'finnes-ikke' }, json: { blocked: true } }),
      404,
      'not_found',
    );
    await expectApiError(
      await admin.api.admin.questions.posts[':id'].reports.$delete({ param: { id: 'finnes-ikke' } }),
      404,
      'not_found',
    );
  });
});

import { desc, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, lessonCompletions, mailQueue, payments, streaks, users } from '#db/schema';
import type { Role } from '#db/schema/enums';
import type { AdminUserUpdate } from '#shared/schemas/admin/users';
import { appPerTest, createTestApp, type TestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { expectApiError } from '#support/errors';
import { rowsMentioning, seedUserEverywhere, tableNames } from '#support/user-data';

const ADMIN = 'admin@soloprenor.no';
const KARI = { id: 'u-kari-5f1c', email: 'kari.nordmann@example.no', firstName: 'Kari Zyxwv' };

const t = appPerTest({ seed: true });
let admin: { token: string; id: string };
let member: string;
let kariRows: { lead: string; payment: string };

beforeEach(async () => {
  const signedIn = await t.signIn(ADMIN);
  admin = { token: signedIn.sessionToken, id: signedIn.user.id };
  member = (await t.signIn('ola@example.no')).sessionToken;
  kariRows = await seedUserEverywhere(t, KARI);
});

/** Sends a request as the admin, counting its database round trips. */
async function withTrips<R extends object>(send: () => Promise<R>) {
  t.roundTrips.reset();
  const res = await send();
  return Object.assign(res, { trips: t.roundTrips.count });
}
/** A path as written, sent raw: input the schema refuses. */
const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  withTrips(() => t.request(path, { ...init, token: admin.token }));
type ListQuery = InferRequestType<TestApp['api']['admin']['users']['$get']>['query'];
const list = (query: ListQuery = {}) => withTrips(() => t.as(admin.token).admin.users.$get({ query }));
/** The admin's typed client for one user's routes. */
const oneUser = () => t.as(admin.token).admin.users[':id'];
const patch = (id: string, json: AdminUserUpdate) => withTrips(() => oneUser().$patch({ param: { id }, json }));

const latestAudit = async () => (await t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0];
const auditCount = async () => (await t.db.select().from(adminAuditLog)).length;

const ROUTES = [
  { method: 'GET', path: '/api/admin/users' },
  { method: 'PATCH', path: `/api/admin/users/${KARI.id}`, json: { isPremium: true } },
  { method: 'DELETE', path: `/api/admin/users/${KARI.id}` },
  { method: 'POST', path: `/api/admin/users/${KARI.id}/send-login-link` },
  { method: 'POST', path: `/api/admin/users/${KARI.id}/reset-progress` },
  { method: 'GET', path: `/api/admin/users/${KARI.id}/export` },
  { method: 'GET', path: '/api/admin/dashboard' },
  { method: 'GET', path: '/api/admin/dashboard/revenue' },
  { method: 'GET', path: '/api/admin/no-such-route' },
];

describe('guard on /api/admin/*', () => {
  it.each(ROUTES)(
    '$method $path: 401 without a session, 403 for a non-admin, and nothing changes',
    async ({ method, path, json }) => {
      const before = await rowsMentioning(t, [KARI.id]);
      await expectApiError(await t.request(path, { method, json }), 401, 'unauthenticated');
      await expectApiError(await t.request(path, { method, json, token: 'not-a-session' }), 401, 'unauthenticated');
      await expectApiError(
        await t.request(path, { method, json, token: member }),
        403,
        'forbidden',
        'Du har ikke tilgang til dette.',
      );
      expect(await rowsMentioning(t, [KARI.id])).toEqual(before);
      expect(await t.latestMail(KARI.email)).toMatchObject({ subject: 'Din innloggingslenke' });
    },
  );

  it('refuses a former admin at once, whatever their session says', async () => {
    await t.db.update(users).set({ role: null }).where(eq(users.id, admin.id));
    await expectApiError(await list(), 403, 'forbidden');
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with the fields and badges the admin needs, in two round trips', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    const body = await res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const kari = body.users.find((u) => u.id === KARI.id)!;
    expect(kari).toMatchObject({
      email: KARI.email,
      firstName: KARI.firstName,
      adminNotes: 'VIP',
      isPremium: false,
      onboardingCompleted: false,
    });
    expect(kari).not.toHaveProperty('tokenHash');
    const created = body.users.map((u) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('searches e-mail and name, case-insensitively, with LIKE wildcards taken literally', async () => {
    const search = async (q: string) => (await (await list({ q })).json()).users.map((u) => u.email);
    expect(await search('NORDMANN')).toEqual([KARI.email]);
    expect(await search('zyxwv')).toEqual([KARI.email]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
    expect(await search('ingen-slik')).toEqual([]);
  });
});

describe('GET /api/admin/users?q=: the trigram index (users_search)', () => {
  /** The addresses found, and the total the list says, in the two round trips. */
  const search = async (q: string) => {
    const res = await list({ q });
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    const body = await res.json();
    return { emails: body.users.map((u) => u.email), total: body.total };
  };

  it('finds a substring of an address or a name anywhere in it, and nothing for text no one has', async () => {
    expect(await search('dmann@exa')).toEqual({ emails: [KARI.email], total: 1 });
    expect(await search('i zyx')).toEqual({ emails: [KARI.email], total: 1 });
    expect(await search('ZYXWV')).toEqual({ emails: [KARI.email], total: 1 });
    expect(await search('finnes-ikke-her')).toEqual({ emails: [], total: 0 });
    // FTS5 syntax is text here: quotes, operators and stars find nothing, and never fail.
    for (const q of ['"kari', 'kari OR ola', 'nord*', 'NEAR(kari ola)', 'email:kari']) {
      expect(await search(q), q).toEqual({ emails: [], total: 0 });
    }
  });

  it.each(['ka', 'K', ' zy '])('refuses %j: fewer than three characters, which the trigram index cannot find', async (q) => {
    await expectApiError(await list({ q }), 400, 'validation_error', /Skriv minst tre tegn for å søke\.$/);
  });

  it('stays in step when a user is renamed, changes address, or is deleted', async () => {
    expect((await patch(KARI.id, { firstName: 'Kari Qwerty', email: 'kari.ny@example.no' })).status).toBe(200);
    expect(await search('zyxwv')).toEqual({ emails: [], total: 0 });
    expect(await search('nordmann')).toEqual({ emails: [], total: 0 });
    expect(await search('qwerty')).toEqual({ emails: ['kari.ny@example.no'], total: 1 });
    expect(await search('ri.ny@')).toEqual({ emails: ['kari.ny@example.no'], total: 1 });

    expect((await withTrips(() => oneUser().$delete({ param: { id: KARI.id } }))).status).toBe(200);
    expect(await search('qwerty')).toEqual({ emails: [], total: 0 });
    expect(await search('kari.ny')).toEqual({ emails: [], total: 0 });
    // The index holds exactly the users left: FTS5's own check of an external-content index.
    await t.client.execute("INSERT INTO users_search(users_search, rank) VALUES ('integrity-check', 1)");
  });

  it.each(['page=0', 'page=abc', 'pageSize=500', `q=${'x'.repeat(101)}`])('answers 400 to ?%s', async (query) => {
    await expectApiError(await asAdmin(`/api/admin/users?${query}`), 400, 'validation_error');
  });
});

describe('10 000 users', () => {
  it('pages and searches within the round-trip budget', async () => {
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, '0')}`,
      email: `bruker${i}@example.no`,
      firstName: `Bruker ${i}`,
      createdAt: new Date(base + i * 60_000),
    }));
    const chunks = Array.from({ length: 20 }, (_, i) => t.db.insert(users).values(rows.slice(i * 500, (i + 1) * 500)));
    await t.db.batch(chunks as [(typeof chunks)[0], ...typeof chunks]);

    const first = await list({ pageSize: '50' });
    expect(first.trips).toBeLessThanOrEqual(2);
    const page1 = await first.json();
    expect(page1.total).toBe(10_003);
    expect(page1.users).toHaveLength(50);

    const deep = await list({ pageSize: '50', page: '200' });
    expect(deep.trips).toBeLessThanOrEqual(2);
    const page200 = await deep.json();
    expect(page200.users).toHaveLength(50);
    expect(new Set([...page1.users, ...page200.users].map((u) => u.id)).size).toBe(100);

    const last = await (await list({ pageSize: '50', page: '201' })).json();
    expect(last.users).toHaveLength(3);

    const found = await list({ q: 'bruker9999@' });
    expect(found.trips).toBeLessThanOrEqual(2);
    expect(await found.json()).toMatchObject({ total: 1, users: [{ id: 'bulk-09999' }] });

    const many = await (await list({ q: 'Bruker 12' })).json();
    expect(many.total).toBe(111); // 12, 120–129, 1200–1299
  });
});

describe('PATCH /api/admin/users/:id', () => {
  const EVERY_FIELD = {
    firstName: 'Kari Ny',
    email: 'kari.ny@example.no',
    phone: '+47 900 00 000',
    isActive: false,
    role: 'editor',
    onboardingCompleted: true,
    depthLevel: 'expert',
    adminNotes: 'Ringt 21.11.',
  } as const;

  it('changes the fields, answers the user and records before/after without personal data', async () => {
    const res = await patch(KARI.id, EVERY_FIELD);
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    expect((await res.json()).user).toMatchObject(EVERY_FIELD);

    const audit = await latestAudit();
    expect(audit).toMatchObject({ actorId: admin.id, action: 'user.update', targetType: 'user', targetId: KARI.id });
    expect(audit!.details).toEqual({
      changes: {
        firstName: { changed: true },
        email: { changed: true },
        phone: { changed: true },
        adminNotes: { changed: true },
        isActive: { from: true, to: false },
        role: { from: null, to: 'editor' },
        onboardingCompleted: { from: false, to: true },
        depthLevel: { from: 'beginner', to: 'expert' },
      },
    });
    expect(JSON.stringify(audit!.details)).not.toMatch(/Kari|kari|\+47|VIP|Ringt/);
  });

  it('records an unchanged personal field as unchanged', async () => {
    await patch(KARI.id, { email: KARI.email });
    expect((await latestAudit())!.details).toEqual({ changes: { email: { changed: false } } });
  });

  it('toggles premium: on is admin_granted without end date, off ends the plan', async () => {
    const on = await patch(KARI.id, { isPremium: true });
    expect(on.trips).toBeLessThanOrEqual(2);
    expect((await on.json()).user).toMatchObject({
      isPremium: true,
      premiumSubscription: { plan: 'admin_granted', endDate: null },
    });
    expect((await latestAudit())!.details).toEqual({ changes: { isPremium: { from: false, to: true } } });

    const off = await patch(KARI.id, { isPremium: false });
    expect((await off.json()).user).toMatchObject({ isPremium: false, premiumSubscription: null });
  });

  it('keeps a running paid plan when premium is switched on again', async () => {
    const end = new Date(Date.UTC(2027, 0, 1));
    await t.db.update(users).set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: end }).where(eq(users.id, KARI.id));
    const res = await patch(KARI.id, { isPremium: true });
    expect((await res.json()).user.premiumSubscription).toEqual({
      plan: 'yearly',
      endDate: end.toISOString(),
    });
  });

  it.each([
    [{}, 'Ingen endringer å lagre'],
    [{ email: 'ikke-en-adresse' }, 'Ugyldig epostadresse'],
    [{ depthLevel: 'guru' }, /Velg et gyldig nivå/],
    [{ isPremium: 'ja' }, /Premium må være på eller av/],
    [{ firstName: 'x'.repeat(81) }, /Navn kan ha høyst 80 tegn/],
    [{ phone: 'ring meg' }, /Ugyldig telefonnummer/],
    [{ isPremium: true, premiumPlan: 'yearly' }, /premiumPlan|Ukjent/i],
  ])('answers 400 to %j with a Norwegian message and changes nothing', async (json, message) => {
    const before = await auditCount();
    await expectApiError(
      await asAdmin(`/api/admin/users/${KARI.id}`, { method: 'PATCH', json }),
      400,
      'validation_error',
      message,
    );
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 for an unknown user and records nothing', async () => {
    const before = await auditCount();
    await expectApiError(await patch('ingen-slik', { isPremium: true }), 404, 'not_found', 'Fant ikke brukeren.');
    expect(await auditCount()).toBe(before);
  });

  it('answers 409 when the address belongs to someone else', async () => {
    const before = await auditCount();
    await expectApiError(await patch(KARI.id, { email: 'ola@example.no' }), 409, 'email_taken');
    expect(await auditCount()).toBe(before);
  });

  it('never lets anyone deactivate themselves, nor the last owner lose the role', async () => {
    await expectApiError(
      await patch(admin.id, { role: 'admin' }),
      409,
      'last_owner',
      'Dette er den siste eieren. Gjør en annen bruker til eier først.',
    );
    await expectApiError(await patch(admin.id, { isActive: false }), 403, 'cannot_deactivate_self');
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(me).toMatchObject({ role: 'owner', isActive: true });
    // Other changes to themselves are fine, and so is naming the role they have.
    expect((await patch(admin.id, { firstName: 'Sjef', role: 'owner' })).status).toBe(200);
  });
});

describe('PATCH /api/admin/users/:id { role }', () => {
  /** Ola (signed in as `member`) made a member of staff with `role`, straight in the database. */
  async function olaAs(role: Role) {
    await t.db.update(users).set({ role }).where(eq(users.email, 'ola@example.no'));
    return t.as(member).admin.users[':id'];
  }
  const roleOf = async (id: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it('lets the owner give a role and take it away, each change in the audit log; the role opens its routes at once', async () => {
    const res = await patch(KARI.id, { role: 'editor' });
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    expect((await res.json()).user.role).toBe('editor');
    expect(await latestAudit()).toMatchObject({
      actorId: admin.id,
      action: 'user.update',
      targetId: KARI.id,
      details: { changes: { role: { from: null, to: 'editor' } } },
    });

    const kari = await t.signIn(KARI.email);
    expect((await t.as(kari.sessionToken).admin.content.modules.$get()).status).toBe(200);
    await expectApiError(await t.as(kari.sessionToken).admin.payments.$get({ query: {} }), 403, 'forbidden');

    expect((await patch(KARI.id, { role: null })).status).toBe(200);
    expect(await roleOf(KARI.id)).toBe(null);
    expect((await latestAudit())!.details).toEqual({ changes: { role: { from: 'editor', to: null } } });
    await expectApiError(await t.as(kari.sessionToken).admin.content.modules.$get(), 403, 'forbidden');
  });

  it('lets the owner make another owner, who may then demote the first', async () => {
    expect((await patch(KARI.id, { role: 'owner' })).status).toBe(200);
    const kari = await t.signIn(KARI.email);
    const res = await t.as(kari.sessionToken).admin.users[':id'].$patch({ param: { id: admin.id }, json: { role: 'admin' } });
    expect(res.status).toBe(200);
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('answers 400 for a role that does not exist, with a Norwegian message, changing nothing', async () => {
    const before = await auditCount();
    await expectApiError(
      await asAdmin(`/api/admin/users/${KARI.id}`, { method: 'PATCH', json: { role: 'superadmin' } }),
      400,
      'validation_error',
      /Ugyldig rolle/,
    );
    expect(await roleOf(KARI.id)).toBe(null);
    expect(await auditCount()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    await expectApiError(
      await t.as('').admin.users[':id'].$patch({ param: { id: KARI.id }, json: { role: 'admin' } }),
      401,
      'unauthenticated',
    );
  });

  it('answers 403 to an admin giving a role or changing an owner, and to an editor or support at all', async () => {
    const asAdminRole = await olaAs('admin');
    const before = await auditCount();
    await expectApiError(
      await asAdminRole.$patch({ param: { id: KARI.id }, json: { role: 'editor' } }),
      403,
      'owner_only',
      'Bare en eier kan gi roller og endre en eier.',
    );
    await expectApiError(await asAdminRole.$patch({ param: { id: admin.id }, json: { firstName: 'Sjef' } }), 403, 'owner_only');
    // Anything else about an ordinary user is the admin's to change.
    expect((await asAdminRole.$patch({ param: { id: KARI.id }, json: { firstName: 'Kari' } })).status).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    for (const role of ['editor', 'support'] as const) {
      await expectApiError(
        await (await olaAs(role)).$patch({ param: { id: KARI.id }, json: { role: 'admin' } }),
        403,
        'forbidden',
      );
    }
    expect(await roleOf(KARI.id)).toBe(null);
  });

  it('answers 404 for an unknown user and records nothing', async () => {
    const before = await auditCount();
    await expectApiError(await patch('ingen-slik', { role: 'editor' }), 404, 'not_found', 'Fant ikke brukeren.');
    expect(await auditCount()).toBe(before);
  });

  it('answers 409 to demoting the last owner', async () => {
    expect((await patch(KARI.id, { role: 'owner' })).status).toBe(200);
    const kari = await t.signIn(KARI.email);
    const kariApi = t.as(kari.sessionToken).admin.users[':id'];
    expect((await kariApi.$patch({ param: { id: admin.id }, json: { role: null } })).status).toBe(200);
    // Kari is the only owner now.
    await expectApiError(await kariApi.$patch({ param: { id: KARI.id }, json: { role: 'admin' } }), 409, 'last_owner');
    expect(await roleOf(KARI.id)).toBe('owner');
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('erases the user and everything naming them; the audit log keeps only the id', async () => {
    await seedUserEverywhere(t, { id: 'u-other', email: 'other@example.no', firstName: 'Other Qwerty' });
    const before = await rowsMentioning(t, [KARI.id, KARI.email, KARI.firstName]);
    expect(Object.keys(before).sort()).toEqual(
      [
        'admin_audit_log',
        'analytics_events',
        'automation_sends',
        'cancellation_reasons',
        'certificates',
        'coupon_redemptions',
        'leads',
        'lesson_completions',
        'lesson_notes',
        'magic_link_tokens',
        'member_import_chunks',
        'member_import_rows',
        'mail_click_refs',
        'mail_outbox',
        'payments',
        'quiz_attempts',
        'referrals',
        'sessions',
        'streaks',
        'subscriptions',
        'user_tags',
        'video_positions',
        'users',
        'webhook_deliveries',
      ].sort(),
    );

    const res = await withTrips(() => oneUser().$delete({ param: { id: KARI.id } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Bruker slettet' });
    // The session with the user's look-up (1), then the audit row and the erasure in one batch (1).
    expect(res.trips).toBe(2);

    const left = await rowsMentioning(t, [KARI.id, KARI.email, KARI.firstName]);
    // Erasure leaves nothing naming her, not even the audit log's id: the log keeps who deleted someone, and when.
    expect(left).toEqual({});
    expect(await latestAudit()).toMatchObject({
      action: 'user.delete',
      targetId: null,
      actorId: admin.id,
      details: { role: null, wasPremium: false },
    });
    // The payment stays for the accounts, anonymous; the lead's event went with the lead.
    expect((await t.db.select().from(payments).where(eq(payments.id, kariRows.payment)))[0]).toMatchObject({
      userId: null,
      amount: 199500,
    });
    expect(JSON.stringify(await rowsMentioning(t, [kariRows.lead]))).not.toContain('lead_submit');

    // The other user is untouched.
    const other = await rowsMentioning(t, ['u-other', 'other@example.no']);
    expect(Object.keys(other)).toEqual(Object.keys(before));
  });

  it('answers 404 for an unknown user and 403 for deleting oneself', async () => {
    await expectApiError(await oneUser().$delete({ param: { id: 'ingen-slik' } }), 404, 'not_found', 'Fant ikke brukeren.');
    await expectApiError(
      await oneUser().$delete({ param: { id: admin.id } }),
      403,
      'cannot_delete_self',
      'Du kan ikke slette din egen bruker.',
    );
    expect((await t.db.select().from(users).where(eq(users.id, admin.id))).length).toBe(1);
    expect(await auditCount()).toBe(1); // the seeded one
  });
});

describe('POST /api/admin/users/:id/reset-progress', () => {
  const resetProgress = (id: string) => oneUser()['reset-progress'].$post({ param: { id } });

  it('removes completed lessons and the streak, keeps the account, records how much went', async () => {
    const res = await withTrips(() => resetProgress(KARI.id));
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    expect(await res.json()).toEqual({ message: 'Fremgang nullstilt' });
    expect(await t.db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, KARI.id))).toEqual([]);
    expect(await t.db.select().from(streaks).where(eq(streaks.userId, KARI.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, KARI.id))).toHaveLength(1);
    expect(await latestAudit()).toMatchObject({
      action: 'user.reset_progress',
      targetId: KARI.id,
      details: { removed: { lessonCompletions: 1, moduleCompletions: 0, guideActions: 0, streaks: 1, xpAwards: 0 } },
    });
  });

  it('forgets XP and achievements too, so they can be earned again', async () => {
    const { sessionToken: kari } = await t.signIn(KARI.email);
    const complete = async () => {
      const res = await t.as(kari).guide.progress.$post({
        json: { moduleId: 'mindset', completedSections: ['mindset-quick-win'] },
      });
      return (await res.json()).awarded;
    };
    const streak = async () => (await t.as(kari).guide.streak.$get()).json();

    await resetProgress(KARI.id);
    const firstTime = await complete();
    expect(firstTime).toContainEqual({ kind: 'achievement', points: 50, achievementId: 'first-step' });
    expect((await streak()).xp).toBeGreaterThan(0);

    await resetProgress(KARI.id);
    expect(await streak()).toMatchObject({ xp: 0, achievements: [] });
    expect(await complete()).toEqual(firstTime);
    expect(await latestAudit()).toMatchObject({ action: 'user.reset_progress', targetId: KARI.id });
  });

  it('answers 404 for an unknown user', async () => {
    await expectApiError(await resetProgress('ingen-slik'), 404, 'not_found');
    expect(await auditCount()).toBe(1);
  });
});

describe('POST /api/admin/users/:id/send-login-link', () => {
  const sendLink = (id: string) => oneUser()['send-login-link'].$post({ param: { id } });

  it('mails the user a new sign-in link and names the recipient', async () => {
    countOnlyTheRoute(t);
    const res = await withTrips(() => sendLink(KARI.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `En ny innloggingslenke er sendt til ${KARI.email}.`, email: KARI.email });
    // The session with the user's look-up (1), then the link, its quota and the audit row in one batch (1).
    expect(res.trips).toBe(2);
    const mail = await t.latestMail(KARI.email);
    expect(mail).toMatchObject({ subject: 'Din innloggingslenke til Soloprenør' });
    expect(mail!.token).toBeTruthy();
    expect(await latestAudit()).toMatchObject({ action: 'user.send_login_link', targetId: KARI.id, details: null });
  });

  it('answers 404 for an unknown user, and queues the link when mail is down', async () => {
    await expectApiError(await sendLink('ingen-slik'), 404, 'not_found');

    const failing = await createTestApp({ seed: true, mailer: { send: () => Promise.reject(new Error('SMTP nede')) } });
    try {
      await failing.db.insert(users).values({ id: 'u1', email: 'admin@soloprenor.no', role: 'owner' });
      await failing.db.insert(users).values({ id: 'u2', email: 'kari@example.no' });
      const { sessionToken } = await signInDirect(failing, 'u1');
      const res = await failing.as(sessionToken).admin.users[':id']['send-login-link'].$post({ param: { id: 'u2' } });
      expect(res.status).toBe(200);
      expect(
        await failing.db.select({ to: mailQueue.to, status: mailQueue.status, error: mailQueue.lastError }).from(mailQueue),
      ).toEqual([{ to: 'kari@example.no', status: 'pending', error: 'SMTP nede' }]);
    } finally {
      failing.close();
    }
  });
});

describe('GET /api/admin/users/:id/export', () => {
  const exportOf = (id: string) => oneUser().export.$get({ param: { id } });

  it('has every row of every table that names the user, without secrets, as a download, in two round trips', async () => {
    await seedUserEverywhere(t, { id: 'u-other', email: 'other@example.no', firstName: 'Other Qwerty' });
    const res = await withTrips(() => exportOf(KARI.id));
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="user-data-${KARI.id}-${t.clock.now()}.json"`);
    const data = await res.json();
    expect(data).toMatchObject({ userId: KARI.id, exportedAt: new Date(t.clock.now()).toISOString() });

    // Every table holding a row that mentions the user has at least those rows in the export.
    const naming = await rowsMentioning(t, [KARI.id, KARI.email]);
    for (const [table, rows] of Object.entries(naming)) {
      expect(data.tables[table]?.length ?? 0, table).toBeGreaterThanOrEqual(rows.length);
    }
    expect(Object.keys(data.tables).every((name) => tableNames().includes(name))).toBe(true);
    // …and only the user's: nothing of the other user.
    expect(JSON.stringify(data)).not.toMatch(/u-other|other@example|Qwerty/);

    expect(data.tables.users).toEqual([
      expect.objectContaining({ id: KARI.id, email: KARI.email, phone: '+47 400 00 000', adminNotes: 'VIP' }),
    ]);
    expect(data.tables.leads).toEqual([expect.objectContaining({ email: KARI.email, source: 'landing_page' })]);
    expect(data.tables.analytics_events!.map((e) => e.eventName).sort()).toEqual(['cta_hero_click', 'lead_submit']);
    expect(data.tables.payments).toEqual([expect.objectContaining({ amount: 199500, plan: 'yearly' })]);
    expect(data.tables.sessions).toHaveLength(1);
    expect(data.tables.streaks).toEqual([expect.objectContaining({ currentStreak: 3 })]);
    expect(data.tables.lesson_completions).toHaveLength(1);
    expect(data.tables.mail_outbox).toEqual([expect.not.objectContaining({ text: expect.anything() })]);
    expect(JSON.stringify(data)).not.toMatch(/tokenHash|codeHash|"text"|"html"/);

    expect(await latestAudit()).toMatchObject({ action: 'user.export', actorId: admin.id, targetId: KARI.id });
  });

  it('answers 404 for an unknown user and records nothing', async () => {
    await expectApiError(await exportOf('ingen-slik'), 404, 'not_found', 'Fant ikke brukeren.');
    expect(await auditCount()).toBe(1);
  });
});

/** A session for a user id without the magic-link round (for an app whose mailer fails). */
async function signInDirect(app: TestApp, userId: string) {
  const { sessions } = await import('#db/schema');
  const { sha256 } = await import('#worker/platform/crypto');
  const sessionToken = `token-${userId}`;
  await app.db.insert(sessions).values({
    tokenHash: await sha256(sessionToken),
    userId,
    expiresAt: new Date(app.clock.now() + 86_400_000),
    lastUsedAt: new Date(app.clock.now()),
  });
  return { sessionToken };
}

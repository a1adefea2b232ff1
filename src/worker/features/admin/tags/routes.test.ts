import { describe, expect, it } from 'vitest';
import { moduleCompletions, payments } from '#db/schema';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const userTags = (_id: string) => ctx.s.api.admin.users[':id'].tags;
const tagOf = (_id: string, _tag: string) => ctx.s.api.admin.users[':id'].tags[':tag'];

describe('/api/admin/users/{id}/tags and /api/admin/tags', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    const id = ctx.s.user.user.id;
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', '/api/admin/tags'],
      ['GET', `/api/admin/users/${id}/tags`],
      ['PUT', `/api/admin/users/${id}/tags/vip`],
      ['DELETE', `/api/admin/users/${id}/tags/vip`],
    ]);
  });

  it('puts an admin tag on and takes it off (lower case, idempotent, audited); lists it among every tag', async () => {
    const id = ctx.s.user.user.id;
    const put = await tagOf(id, 'VIP').$put({ param: { id, tag: 'VIP' } });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ tags: [{ tag: 'vip', label: 'vip', automatic: false }] });
    await tagOf(id, 'vip').$put({ param: { id, tag: 'vip' } });
    expect((await (await userTags(id).$get({ param: { id } })).json()).tags).toHaveLength(1);

    const all = (await (await ctx.s.api.admin.tags.$get()).json()).tags;
    expect(all.filter((t) => !t.automatic).map((t) => t.tag)).toEqual(['vip']);
    expect(all).toContainEqual({ tag: 'kjøpt', label: 'kjøpt', automatic: true });
    expect(all).toContainEqual({
      tag: 'fullført modul mindset',
      label: expect.stringMatching(/^Fullført modul: /),
      automatic: true,
    });

    const del = await tagOf(id, 'vip').$delete({ param: { id, tag: 'vip' } });
    expect(await del.json()).toEqual({ tags: [] });
    expect((await auditRows(ctx.t)).slice(0, 3).map((r) => [r.action, r.targetId])).toEqual([
      ['user.tag_remove', id],
      ['user.tag_add', id],
      ['user.tag_add', id],
    ]);
  });

  it('shows the automatic tags the user earned: bought, a finished module', async () => {
    const id = ctx.s.user.user.id;
    await ctx.t.db.batch([
      ctx.t.db.insert(payments).values({
        id: crypto.randomUUID(),
        userId: id,
        plan: 'yearly',
        amount: 199500,
        provider: 'test',
        status: 'paid',
        paidAt: new Date(),
      }),
      ctx.t.db.insert(moduleCompletions).values({ userId: id, moduleId: 'mindset' }),
    ]);
    const { tags } = await (await userTags(id).$get({ param: { id } })).json();
    expect(tags.map((t) => [t.tag, t.automatic])).toEqual([
      ['kjøpt', true],
      ['fullført modul mindset', true],
    ]);
  });

  it('refuses an automatic or malformed tag with a Norwegian message', async () => {
    const id = ctx.s.user.user.id;
    for (const tag of ['kjøpt', 'sagt opp', 'prøveperiode', 'verved', 'fullført modul mindset']) {
      await expectApiError(await tagOf(id, tag).$put({ param: { id, tag } }), 400, 'validation_error', /holdes automatisk/);
      await expectApiError(await tagOf(id, tag).$delete({ param: { id, tag } }), 400, 'validation_error', /holdes automatisk/);
    }
    const long = 'x'.repeat(41);
    await expectApiError(await tagOf(id, long).$put({ param: { id, tag: long } }), 400, 'validation_error', /1–40 tegn/);
  });

  it('answers 404 for a user that does not exist', async () => {
    const message = 'Fant ikke brukeren.';
    await expectApiError(await userTags('ukjent').$get({ param: { id: 'ukjent' } }), 404, 'not_found', message);
    await expectApiError(await tagOf('ukjent', 'vip').$put({ param: { id: 'ukjent', tag: 'vip' } }), 404, 'not_found', message);
    await expectApiError(
      await tagOf('ukjent', 'vip').$delete({ param: { id: 'ukjent', tag: 'vip' } }),
      404,
      'not_found',
      message,
    );
  });
});

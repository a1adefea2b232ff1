import { describe, expect, it } from 'vitest';
import { appPerTest } from '#support/app';

/** The locked case (another process holding the write lock) is in tests/worker/database-lock.test.ts. */
const t = appPerTest();

describe('GET /api/health', () => {
  it('answers 200 when the database can be read and written', async () => {
    const res = await t.api.health.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, time: new Date(t.clock.now()).toISOString() });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 saying what failed when the database cannot be used', async () => {
    t.client.close();
    const res = await t.api.health.$get();
    expect(res.status).toBe(503);
    if (res.status !== 503) throw new Error(`health: ${res.status}`);
    const body = await res.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('database_unavailable');
    expect(body.database.read).toMatch(/closed/);
    expect(body.database.write).toMatch(/closed/);
  });
});

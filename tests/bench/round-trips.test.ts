/*
 * The round-trip bench measures what it says: every API route has a recipe, is called as the
 * caller it is for, and answers the status its recipe expects (once, ~35 rows counted a 401
 * because an early call deleted the shared account). A new route without a recipe fails here.
 */
import { expect, it } from 'vitest';
import { roundTripsPerRoute } from '../../scripts/bench/round-trips';

it('every route is measured doing its work: the expected status, within two round trips', async () => {
  const rows: { figure: string; value: string; ok: boolean | null | undefined }[] = [];
  const notes: string[] = [];
  await roundTripsPerRoute({ row: (figure, value, _budget, ok) => rows.push({ figure, value, ok }), note: (n) => notes.push(n) });
  expect(notes).toEqual([]);
  expect(rows.filter((r) => !r.ok)).toEqual([]);
  expect(rows.length).toBeGreaterThanOrEqual(50);
  // No row measured a refusal: each is the route's own success status (202: a job was started).
  for (const r of rows) expect(r.value, r.figure).toMatch(/\[HTTP 20[0124]\]$/);
}, 60_000);

/**
 * People for newsletter tests, written straight into the database: a lead or a user, with a
 * marketing consent history (granted, withdrawn, or none).
 */
import type { TestApp } from './app';

export type Audience = {
  /** A sign-up that never became a user. */
  lead(email: string, consent?: 'granted' | 'withdrawn' | null): Promise<void>;
  /** A user (free unless `premium`), last active `lastActive` ms ago (null: never). */
  user(
    email: string,
    opts?: { consent?: 'granted' | 'withdrawn' | null; premium?: boolean; lastActive?: number | null; active?: boolean },
  ): Promise<void>;
  /** Appends a grant or withdrawal to the address's history, at the clock's now. */
  consent(email: string, action: 'granted' | 'withdrawn'): Promise<void>;
};

let serial = 0;

export function audience(t: TestApp): Audience {
  const consent = async (email: string, action: 'granted' | 'withdrawn') => {
    await t.client.execute({
      sql: `INSERT INTO consent_events (id, email, action, text_version, source, client_hash, created_at)
            VALUES (?, ?, ?, 'v1', 'landing_page', 'x', ?)`,
      args: [`c-${++serial}-${email}`, email, action, t.clock.now()],
    });
  };
  const history = async (email: string, state: 'granted' | 'withdrawn' | null | undefined) => {
    if (state === null) return;
    await consent(email, 'granted');
    if (state === 'withdrawn') await consent(email, 'withdrawn');
  };
  return {
    consent,
    async lead(email, state = 'granted') {
      await t.client.execute({
        sql: "INSERT INTO leads (id, email, source, created_at, updated_at) VALUES (?, ?, 'landing', ?, ?)",
        args: [`lead-${++serial}`, email, t.clock.now(), t.clock.now()],
      });
      await history(email, state);
    },
    async user(email, opts = {}) {
      const now = t.clock.now();
      const lastActive = opts.lastActive === undefined ? 0 : opts.lastActive;
      await t.client.execute({
        sql: `INSERT INTO users (id, email, is_premium, is_active, last_active_at, created_at, last_modified_at)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        args: [
          `user-${++serial}`,
          email,
          opts.premium ? 1 : 0,
          opts.active === false ? 0 : 1,
          lastActive === null ? null : now - lastActive,
          now - 400 * 86_400_000,
          now,
        ],
      });
      await history(email, opts.consent === undefined ? 'granted' : opts.consent);
    },
  };
}

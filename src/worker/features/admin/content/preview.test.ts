import { describe, expect, it } from 'vitest';
import type { MarkdownPreviewResponse } from '#shared/schemas/admin/content';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const preview = (json: unknown) => ctx.s.asAdmin('/api/admin/content/preview', { method: 'POST', json });

describe('admin content: the lesson editor’s preview', () => {
  it('renders Markdown as the guide shows it, sanitized by the server', async () => {
    const res = await preview({ markdown: '## Steg\n\n[Altinn](https://www.altinn.no) <img src=x onerror=alert(1)>' });
    expect(res.status).toBe(200);
    const { html } = (await res.json()) as MarkdownPreviewResponse;
    expect(html).toContain('<h3>Steg</h3>');
    expect(html).toContain('<a href="https://www.altinn.no" target="_blank" rel="noopener noreferrer">Altinn');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses what a lesson could not hold, with the lesson’s own message', async () => {
    await expectApiError(await preview({ markdown: 'x'.repeat(50_001) }), 400, 'validation_error', /50 000 tegn/);
    await expectApiError(await preview({ markdown: 'a\u0000b' }), 400, 'validation_error');
    await expectApiError(await preview({}), 400, 'validation_error');
  });

  it('answers 401 without a session and 403 to a non-admin', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [['POST', '/api/admin/content/preview', { markdown: 'x' }]]);
  });
});

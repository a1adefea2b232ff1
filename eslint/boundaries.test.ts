import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { wayBack } from './boundaries.js';

const eslint = new ESLint();

/** The boundary messages ESLint gives `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

describe('layout import boundaries', () => {
  it.each([
    ['src/shared/x.ts', "import { Hono } from 'hono';\nexport const a = Hono;", /src\/shared imports only zod/],
    ['src/shared/x.ts', "import { createDb } from '#db';\nexport const a = createDb;", /src\/shared imports only zod/],
    ['db/x.ts', "import { routes } from '#worker/app';\nexport const a = routes;", /db\/ stands on its own/],
    ['src/islands/x.tsx', "import { nb } from '#shared/copy/nb';\nexport const a = nb;", /not the removed barrel/],
    [
      // subscriptions already enters auth (its refund reads the session): auth entering subscriptions closes a circle.
      'src/worker/features/auth/x.ts',
      "import { periodEnd } from '#worker/features/subscriptions/index';\nexport const a = periodEnd;",
      /features import each other \(auth → subscriptions → auth\)/,
    ],
    [
      'src/islands/guide/X.tsx',
      "import { createApp } from '#worker/app';\nexport const a = createApp;",
      /only with 'import type'/,
    ],
    ['src/browser/x.ts', "import { users } from '#db/schema';\nexport const a = users;", /only with 'import type'/],
    ['src/worker/x.ts', "import { api } from '#browser/api';\nexport const a = api;", /never imports browser code/],
    [
      'src/worker/features/leads/x.ts',
      "import { startSession } from '#worker/features/auth/sessions';\nexport const a = startSession;",
      /through its index\.ts/,
    ],
    [
      'src/worker/http/x.ts',
      "import { authRoutes } from '../features/auth/routes';\nexport const a = authRoutes;",
      /through its index\.ts/,
    ],
    [
      'src/worker/http/x.ts',
      "import { loadSession } from '#worker/features/auth/index';\nexport const a = loadSession;",
      /src\/worker\/http never imports a feature/,
    ],
    ['src/worker/features/guide/x.ts', "import { expect } from 'vitest';\nexport const a = expect;", /never imports test tools/],
    ['db/x.ts', "import { createTestApp } from '#support/app';\nexport const a = createTestApp;", /never imports test tools/],
  ])('refuses %s: %s', async (path, code, message) => {
    expect(await boundaryErrors(path, code)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    [
      'src/shared/x.ts',
      "import { z } from 'zod';\nimport { DEPTH_LEVELS } from '#db/schema/enums';\nexport const a = [z, DEPTH_LEVELS];",
    ],
    ['src/islands/guide/X.tsx', "import type { ApiType } from '#worker/app';\nexport type A = ApiType;"],
    [
      'src/worker/features/leads/x.ts',
      "import { sendMagicLink } from '#worker/features/auth/index';\nexport const a = sendMagicLink;",
    ],
    ['src/worker/app.ts', "import { authRoutes } from './features/auth/routes';\nexport const a = authRoutes;"],
    ['src/worker/features/auth/x.ts', "import { startSession } from './sessions';\nexport const a = startSession;"],
    ['src/worker/features/auth/x.ts', "import { sessionToken } from '#worker/http/session';\nexport const a = sessionToken;"],
    ['src/worker/http/x.ts', "import { AppError } from '#worker/errors';\nexport const a = AppError;"],
  ])('allows %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });

  it('finds a circle of features however long, and none where the imports run one way', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['d'])],
    ]);
    expect(wayBack(graph, 'd', 'a')).toEqual(['a', 'b', 'c', 'd']);
    expect(wayBack(graph, 'a', 'd')).toBeNull();
  });
});

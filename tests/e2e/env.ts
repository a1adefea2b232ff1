/** Where the end-to-end server runs and keeps its database (fresh each run). */
export const E2E = {
  port: 4399,
  baseUrl: 'http://localhost:4399',
  dbFile: 'test-results/e2e-db/app.db',
} as const;

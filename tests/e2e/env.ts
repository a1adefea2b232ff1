/** Where the end-to-end server runs and keeps its database (fresh each run). E2E_PORT lets two checkouts test at once. */
const port = Number(process.env.E2E_PORT ?? 4399);

export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  dbFile: `test-results/e2e-db-${port}/app.db`,
  /** How the seeded campaign is shown while the other tests run (see server.ts). */
  seededCampaignDisplay: 'sidebar',
} as const;

import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/env';
import { DESKTOP, PHONE } from './tests/support/widths';

/** Specs that change the active campaign, which every free user's guide and /premium show (see the 'campaigns' project). */
const CAMPAIGN_SPECS = /campaigns\.spec\.ts$/;
/**
 * The spec that publishes modules and lessons free learners see: "everything available", which
 * the certificate and the guide's cards count, must not change under a learner's test.
 */
const CONTENT_SPECS = /admin-content\.spec\.ts$/;
/** The spec that sets the welcome offer, which changes every new member's prices: it runs last, alone. */
const WELCOME_OFFER_SPECS = /welcome-offer\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a test that needs it is reported as flaky in the summary, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Generous: CI runs the whole suite on 2 cores, and axe on a long page takes many seconds there.
  timeout: 60_000,
  // A page's first content waits for its island to hydrate, which under a full parallel run on 2 cores took over 7 s.
  expect: { timeout: 15_000 },
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: DESKTOP, testIgnore: [CONTENT_SPECS, CAMPAIGN_SPECS, WELCOME_OFFER_SPECS] },
    { name: 'phone', use: PHONE, testIgnore: [CONTENT_SPECS, CAMPAIGN_SPECS, WELCOME_OFFER_SPECS] },
    // Publishing content changes what every free learner has left: after the learners' tests, at both widths.
    { name: 'content-desktop', use: DESKTOP, testMatch: CONTENT_SPECS, dependencies: ['desktop', 'phone'] },
    { name: 'content-phone', use: PHONE, testMatch: CONTENT_SPECS, dependencies: ['desktop', 'phone'] },
    // These tests switch the one active campaign, which every free user's guide and /premium
    // show: they run after the others, one at a time, at both widths (tests/e2e/widths.ts).
    { name: 'campaigns', testMatch: CAMPAIGN_SPECS, fullyParallel: false, dependencies: ['content-desktop', 'content-phone'] },
    { name: 'welcome-offer', testMatch: WELCOME_OFFER_SPECS, fullyParallel: false, dependencies: ['campaigns'] },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/server.ts',
    url: `${E2E.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

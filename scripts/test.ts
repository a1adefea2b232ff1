/**
 * `npm test`: builds the site, runs every test runner (Vitest, Playwright) and ends with
 * one line `N passed, N failed` totalling all of them. Exits non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' };
const results = 'test-results';
mkdirSync(results, { recursive: true });

function run(label: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).status ?? 1;
}

// The linter's boundary rules and the type check are part of the suite: one "test" that passes or fails.
const lint = run('Lint og typesjekk', 'npm', ['run', 'lint', '--silent']);

const build = run('Bygger nettstedet', 'npx', ['astro', 'build']);
if (build !== 0) {
  console.log(`\n${lint === 0 ? 1 : 0} passed, ${lint === 0 ? 1 : 2} failed`);
  process.exit(1);
}

const vitestJson = `${results}/vitest.json`;
const playwrightJson = `${results}/playwright.json`;
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const vitestStatus = run('Vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const playwrightStatus = run('Playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});

type Counts = { passed: number; failed: number; flaky?: number };
function counts(file: string, read: (j: any) => Counts, status: number): Counts {
  if (!existsSync(file)) return { passed: 0, failed: status === 0 ? 0 : 1 };
  const c = read(JSON.parse(readFileSync(file, 'utf8')));
  // A runner that crashed after writing its report still counts as a failure.
  return status !== 0 && c.failed === 0 ? { ...c, failed: 1 } : c;
}
const vitest = counts(vitestJson, (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests }), vitestStatus);
const playwright = counts(
  playwrightJson,
  (j) => ({ passed: j.stats.expected + j.stats.flaky, failed: j.stats.unexpected, flaky: j.stats.flaky }),
  playwrightStatus,
);

const linted = lint === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
const passed = linted.passed + vitest.passed + playwright.passed;
const failed = linted.failed + vitest.failed + playwright.failed;
console.log(
  `\nLint: ${linted.passed ? 'ok' : 'feilet'} · Vitest: ${vitest.passed} passed, ${vitest.failed} failed · Playwright: ${playwright.passed} passed (${playwright.flaky ?? 0} only on retry), ${playwright.failed} failed`,
);
const totals = `${passed} passed, ${failed} failed`;
writeFileSync(`${results}/totals.txt`, totals + '\n');
console.log(totals);
process.exit(failed > 0 ? 1 : 0);

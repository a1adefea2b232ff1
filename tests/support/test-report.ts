/**
 * What `npm test` (scripts/test.ts) reads off each runner's JSON report: passed, failed, skipped,
 * and the browser tests that passed only on a retry. A retry-only pass of a test tagged as money
 * or sign-in (tests/e2e/critical.ts) counts as failed: such flakiness is a bug a buyer meets.
 */
import { CRITICAL_TAGS } from '../e2e/critical';

export type RunnerCounts = { passed: number; failed: number; skipped: number; retried: number; criticalRetried: string[] };

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };

export function vitestCounts(report: VitestReport): RunnerCounts {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    retried: 0,
    criticalRetried: [],
  };
}

type PlaywrightTest = { status: 'expected' | 'unexpected' | 'flaky' | 'skipped'; projectName: string };
type PlaywrightSpec = { title: string; file: string; tags: string[]; tests: PlaywrightTest[] };
type PlaywrightSuite = { specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites: PlaywrightSuite[] };

function* specsOf(suites: PlaywrightSuite[]): Generator<PlaywrightSpec> {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* specsOf(suite.suites ?? []);
  }
}

/** The report writes tags without their '@'; the specs write them with it. */
const critical = (tags: string[]) => tags.some((tag) => CRITICAL_TAGS.includes(tag.startsWith('@') ? tag : `@${tag}`));

export function playwrightCounts(report: PlaywrightReport): RunnerCounts {
  const counts: RunnerCounts = { passed: 0, failed: 0, skipped: 0, retried: 0, criticalRetried: [] };
  for (const spec of specsOf(report.suites)) {
    for (const test of spec.tests) {
      if (test.status === 'skipped') counts.skipped++;
      else if (test.status === 'unexpected') counts.failed++;
      else if (test.status === 'expected') counts.passed++;
      else if (critical(spec.tags)) {
        counts.failed++;
        counts.criticalRetried.push(`${spec.file} › ${spec.title} [${test.projectName}]`);
      } else {
        counts.passed++;
        counts.retried++;
      }
    }
  }
  return counts;
}

/** The runners' counts added up. */
export function total(runners: RunnerCounts[]): RunnerCounts {
  return runners.reduce((sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
    retried: sum.retried + r.retried,
    criticalRetried: [...sum.criticalRetried, ...r.criticalRetried],
  }));
}

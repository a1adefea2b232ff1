import { describe, expect, it } from 'vitest';
import { playwrightCounts, total, vitestCounts } from './test-report';

const spec = (title: string, tags: string[], ...statuses: ('expected' | 'unexpected' | 'flaky' | 'skipped')[]) => ({
  title,
  file: 'x.spec.ts',
  tags,
  tests: statuses.map((status, i) => ({ status, projectName: i ? 'phone' : 'desktop' })),
});

describe('the test report', () => {
  it('counts a retry-only pass as passed, and says so', () => {
    const counts = playwrightCounts({ suites: [{ specs: [spec('a', [], 'expected', 'flaky')] }] });
    expect(counts).toEqual({ passed: 2, failed: 0, skipped: 0, retried: 1, criticalRetried: [] });
  });

  it('fails a retry-only pass of a money or sign-in test, naming it', () => {
    const counts = playwrightCounts({
      suites: [{ suites: [{ specs: [spec('pays', ['money'], 'flaky'), spec('signs in', ['auth'], 'expected', 'flaky')] }] }],
    });
    expect(counts.failed).toBe(2);
    expect(counts.passed).toBe(1);
    expect(counts.criticalRetried).toEqual(['x.spec.ts › pays [desktop]', 'x.spec.ts › signs in [phone]']);
  });

  it('counts skipped tests of both runners', () => {
    const browser = playwrightCounts({ suites: [{ specs: [spec('a', [], 'skipped', 'unexpected')] }] });
    const unit = vitestCounts({ numPassedTests: 5, numFailedTests: 1, numPendingTests: 3, numTodoTests: 1 });
    expect(total([browser, unit])).toEqual({ passed: 5, failed: 2, skipped: 5, retried: 0, criticalRetried: [] });
  });
});

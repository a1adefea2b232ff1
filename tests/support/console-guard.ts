import { afterEach, beforeEach, expect } from 'vitest';

/**
 * An unexpected `console.error` fails the test: errors the server logs are bugs unless the
 * test says it expects them, with `expectConsoleError()` (or spies on console.error itself).
 */
const original = console.error;
let expected = false;
let errors: unknown[][] = [];

beforeEach(() => {
  expected = false;
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
  };
});

afterEach(() => {
  console.error = original;
  const unexpected = expected ? [] : errors.map((args) => args.map(String).join(' '));
  expect(unexpected, 'unexpected console.error').toEqual([]);
});

/** Declares that this test makes the code log errors; returns the logged lines' arguments for asserting. */
export function expectConsoleError(): unknown[][] {
  expected = true;
  return errors;
}

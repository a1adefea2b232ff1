import { describe, expect, it } from 'vitest';
import { logSafe } from './log-safe';

describe('logSafe', () => {
  it('escapes control characters, so request text cannot end a log line or forge the next', () => {
    expect(logSafe('/guide/\r\nSet-Cookie: x')).toBe('/guide/\\u000d\\u000aSet-Cookie: x');
    expect(logSafe('a\u001b[31mb\u0000c\u2028d\u0085e')).toBe('a\\u001b[31mb\\u0000c\\u2028d\\u0085e');
    expect(logSafe('/guide/lessons/nisje æøå')).toBe('/guide/lessons/nisje æøå');
  });

  it('caps the length', () => {
    expect(logSafe('x'.repeat(10_000))).toHaveLength(501);
  });
});

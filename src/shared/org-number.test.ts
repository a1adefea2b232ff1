import { describe, expect, it } from 'vitest';
import { compactOrgNumber, isValidOrgNumber } from './org-number';

describe('isValidOrgNumber (mod 11, weights 3 2 7 6 5 4 3 2)', () => {
  it('accepts real organisation numbers', () => {
    // Equinor ASA, Brønnøysundregistrene, and one whose weighted sum divides by 11 (check digit 0).
    for (const nr of ['923609016', '974760673', '100000040']) expect(isValidOrgNumber(nr), nr).toBe(true);
  });

  it('refuses a wrong check digit, every other digit tried', () => {
    for (let d = 0; d <= 9; d++) {
      if (d !== 6) expect(isValidOrgNumber(`92360901${d}`)).toBe(false);
    }
  });

  it('refuses a number whose check digit would have to be 10', () => {
    // 4 × 3 = 12, remainder 1: 11 − 1 = 10 is no digit, so no number starting 40000000 is valid.
    for (let d = 0; d <= 9; d++) expect(isValidOrgNumber(`40000000${d}`)).toBe(false);
  });

  it('refuses anything but nine digits', () => {
    for (const nr of ['', '92360901', '9236090160', '92360901a', '923 609 016', '-23609016']) {
      expect(isValidOrgNumber(nr), nr).toBe(false);
    }
  });

  it('reads a number typed with spaces', () => {
    expect(compactOrgNumber('923 609\u00a0016')).toBe('923609016');
  });
});

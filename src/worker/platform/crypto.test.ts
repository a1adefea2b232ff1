import { expect, it } from 'vitest';
import { sha256 } from './crypto';

it('sha256 gives the standard hex digest, the same as Web Crypto on Workers', async () => {
  expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  const input = 'økt-token-æøå';
  const web = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input)));
  expect(await sha256(input)).toBe(Buffer.from(web).toString('hex'));
});

import { expect, it } from 'vitest';
import { constantTimeEqual, decodeBase64Url, encodeBase64Url, hmacSha256, sha256 } from './crypto';

it('sha256 gives the standard hex digest, the same as Web Crypto on Workers', async () => {
  expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  const input = 'økt-token-æøå';
  const web = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input)));
  expect(await sha256(input)).toBe(Buffer.from(web).toString('hex'));
});

it('hmacSha256 gives the standard hex HMAC, the same as Web Crypto on Workers', async () => {
  const secret = 'en-hemmelighet-på-minst-32-tegn-ja';
  const input = 'kari@example.no:123456';
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const web = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input)));
  expect(await hmacSha256(secret, input)).toBe(Buffer.from(web).toString('hex'));
});

it('constantTimeEqual tells equal strings from any different ones, of any length', () => {
  expect(constantTimeEqual('abc', 'abc')).toBe(true);
  expect(constantTimeEqual('', '')).toBe(true);
  for (const other of ['abd', 'ab', 'abcd', '', 'ABC']) expect(constantTimeEqual('abc', other), other).toBe(false);
});

it('base64url carries any text through a link and refuses what it did not make', () => {
  for (const text of ['kari@example.no', 'ærlig@øl.no', '']) expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
  expect(encodeBase64Url('kari@example.no?>')).toMatch(/^[\w-]+$/);
  expect(decodeBase64Url('a+b/')).toBeNull();
  expect(decodeBase64Url('k@ri')).toBeNull();
  expect(decodeBase64Url(encodeBase64Url('x').slice(0, 1))).toBeNull();
});

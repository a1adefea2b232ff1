import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFileStore } from './disk';
import { r2FileStore, type R2BucketLike } from './r2';
import type { FileStore } from './types';

const text = async (stream: ReadableStream<Uint8Array> | null) => (stream ? new Response(stream).text() : null);

/** The same behaviour from both stores. */
function behavesAsAFileStore(store: () => FileStore) {
  it('keeps bytes under an id, gives them back, and forgets them when deleted', async () => {
    const id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    expect(await store().get(id)).toBeNull();
    await store().put(id, new TextEncoder().encode('Måned;Inntekt\n'), 'text/csv');
    expect(await text(await store().get(id))).toBe('Måned;Inntekt\n');
    await store().delete(id);
    expect(await store().get(id)).toBeNull();
    await store().delete(id);
  });

  it('refuses an id that could name anything but its own file', async () => {
    await expect(store().put('../app.db', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid file id/);
    await expect(store().get('files/../x')).rejects.toThrow(/invalid file id/);
  });
}

describe('diskFileStore (Node)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'soloprenor-files-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  behavesAsAFileStore(() => diskFileStore(join(dir, 'files')));
});

describe('r2FileStore (Workers), against Miniflare’s R2', () => {
  let mf: Miniflare;
  let bucket: R2BucketLike;
  beforeAll(async () => {
    mf = new Miniflare({ modules: true, script: 'export default { fetch: () => new Response("") }', r2Buckets: ['FILES'] });
    bucket = (await mf.getR2Bucket('FILES')) as unknown as R2BucketLike;
  }, 30_000);
  afterAll(async () => mf?.dispose());
  behavesAsAFileStore(() => r2FileStore(bucket));

  it('stores the content type with the object', async () => {
    await r2FileStore(bucket).put('00112233445566778899aabbccddeeff', new Uint8Array([0x25, 0x50]), 'application/pdf');
    const head = await (
      bucket as unknown as { head(key: string): Promise<{ httpMetadata?: { contentType?: string } } | null> }
    ).head('files/00112233445566778899aabbccddeeff');
    expect(head?.httpMetadata?.contentType).toBe('application/pdf');
  });
});

import { AppError } from '#worker/errors';
import { assertFileId, type FileStore } from './types';

/** The part of Cloudflare's R2 bucket binding the store uses. */
export type R2BucketLike = {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream<Uint8Array> } | null>;
  delete(key: string): Promise<void>;
};

/** Files in an R2 bucket (the Worker's FILES binding), keyed `files/{id}`. */
export function r2FileStore(bucket: R2BucketLike): FileStore {
  const key = (id: string) => {
    assertFileId(id);
    return `files/${id}`;
  };
  return {
    async put(id, bytes, contentType) {
      await bucket.put(key(id), bytes, { httpMetadata: { contentType } });
    },
    async get(id) {
      const object = await bucket.get(key(id));
      return object?.body ?? null;
    },
    async delete(id) {
      await bucket.delete(key(id));
    },
  };
}

/** A Worker deployed without the FILES bucket: uploads and downloads answer 503, everything else works. */
export const missingFileStore: FileStore = {
  put: () => Promise.reject(new AppError('config_error', 503)),
  get: () => Promise.reject(new AppError('config_error', 503)),
  delete: () => Promise.resolve(),
};

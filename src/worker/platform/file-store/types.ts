/**
 * Where uploaded lesson files live (docs/decisions/0023-lessons-video-files-drafts.md): a folder on
 * disk under Node, an R2 bucket on Workers. The database keeps each file's name, size and type
 * (table `files`); the store only its bytes, under the file's id.
 */
export type FileStore = {
  put(id: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when no such file is stored. */
  get(id: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; an unknown id is no error. */
  delete(id: string): Promise<void>;
};

/** Ids are made by the app (randomToken); anything else never reaches a path or a key. */
export const FILE_ID = /^[a-z0-9]{10,40}$/;

export function assertFileId(id: string): void {
  if (!FILE_ID.test(id)) throw new Error(`FileStore: invalid file id ${JSON.stringify(id)}`);
}

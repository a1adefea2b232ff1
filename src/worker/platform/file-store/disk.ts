import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { assertFileId, type FileStore } from './types';

/** Files in a folder on this machine (FILES_DIR, default data/files), one file per id. */
export function diskFileStore(dir: string): FileStore {
  const path = (id: string) => {
    assertFileId(id);
    return join(dir, id);
  };
  return {
    async put(id, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(path(id), bytes);
    },
    async get(id) {
      const file = path(id);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async delete(id) {
      await rm(path(id), { force: true });
    },
  };
}

import { MaxFileSizeExceededError, getMultipartBoundary, parseMultipartStream } from '@remix-run/multipart-parser';
import { MAX_IMPORT_BYTES } from '#shared/schemas/admin/imports';
import { AppError } from '#worker/errors';
import { inSlices } from './slices';

/**
 * The `file` of an import's multipart form. Read with a streaming parser, a slice at a time:
 * undici's `formData()` parsed a 5 MB body in one synchronous step of 50–140 ms, during which
 * the Node server answered nobody (docs/decisions/0052-member-import.md). 400 `invalid_form` for
 * a body that is no multipart form, `file_missing` without the file, `import_too_large` past the limit.
 */
export async function uploadedFile(request: Request): Promise<File> {
  const boundary = getMultipartBoundary(request.headers.get('content-type') ?? '');
  if (!boundary || !request.body) throw new AppError('invalid_form', 400);
  let file: File | null = null;
  try {
    for await (const part of parseMultipartStream(inSlices(request.body), {
      boundary,
      maxFileSize: MAX_IMPORT_BYTES,
      maxParts: 8,
    })) {
      if (part.name === 'file' && part.isFile)
        file = new File([part.arrayBuffer], part.filename ?? '', { type: part.mediaType ?? '' });
    }
  } catch (err) {
    if (err instanceof MaxFileSizeExceededError) throw new AppError('import_too_large', 400);
    throw new AppError('invalid_form', 400);
  }
  if (!file) throw new AppError('file_missing', 400);
  return file;
}

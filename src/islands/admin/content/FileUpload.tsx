import { Paperclip, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import type { UploadedFile } from '#shared/schemas/admin/content';

const f = adminContent.lessonFields;
/** What the file picker offers for a resource; the server checks the name and the content again. */
const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.csv,.txt,.md,.png,.jpg,.jpeg';

/** The buttons' and status line's words. */
export type FileUploadText = Record<'upload' | 'replace' | 'remove' | 'attached' | 'hint', string>;

/** The words of a resource's file; an own video's captions have their own (CaptionsField). */
const RESOURCE_TEXT: FileUploadText = {
  upload: f.uploadFile,
  replace: f.replaceFile,
  remove: f.removeFile,
  attached: f.attachedFile,
  hint: f.uploadHint,
};

type State =
  { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done'; name: string } | { kind: 'error'; message: string };

/** POST /api/admin/files with upload progress (fetch reports none); the API's Norwegian message on failure. */
function send(file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/files');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = xhr.response as { file?: UploadedFile; error?: { message?: string } } | null;
      if (xhr.status === 201 && body?.file) resolve(body.file);
      else reject(new Error(body?.error?.message ?? f.uploadFailed));
    };
    xhr.onerror = () => reject(new Error(f.uploadFailed));
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}

/**
 * A resource's file: a real button opens the file picker (the input itself stays out of the tab
 * order), progress and the outcome are announced in a live region, an error in Norwegian.
 */
export function FileUpload({
  fileId,
  onChange,
  label,
  accept = ACCEPT,
  text = RESOURCE_TEXT,
}: {
  fileId: string;
  onChange: (fileId: string) => void;
  /** The resource this file belongs to, for the buttons' names. */
  label: string;
  accept?: string;
  text?: FileUploadText;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const statusId = useId();

  async function upload(file: File | undefined) {
    if (!file) return;
    setState({ kind: 'uploading', percent: 0 });
    try {
      const saved = await send(file, (percent) => setState({ kind: 'uploading', percent }));
      setState({ kind: 'done', name: saved.name });
      onChange(saved.id);
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : f.uploadFailed });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-secondary"
          aria-describedby={statusId}
          disabled={state.kind === 'uploading'}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" className="size-4" />
          {fileId ? text.replace : text.upload}
          <span className="sr-only"> ({label})</span>
        </button>
        {fileId && state.kind !== 'uploading' && (
          <>
            <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
              <Paperclip aria-hidden="true" className="size-4" />
              {state.kind === 'done' ? state.name : text.attached}
            </span>
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm text-red-700 hover:bg-red-50"
              onClick={() => {
                setState({ kind: 'idle' });
                onChange('');
              }}
            >
              <X aria-hidden="true" className="size-4" />
              {text.remove}
              <span className="sr-only"> ({label})</span>
            </button>
          </>
        )}
      </div>
      <p id={statusId} className="text-sm text-muted" role="status">
        {state.kind === 'uploading' ? f.uploading(state.percent) : state.kind === 'done' ? f.uploaded(state.name) : text.hint}
      </p>
      {state.kind === 'error' && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

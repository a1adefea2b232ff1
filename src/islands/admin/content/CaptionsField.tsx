import { Info, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import { videoSource } from '#shared/video';
import { FileUpload, type FileUploadText } from './FileUpload';

const f = adminContent.lessonFields;

const CAPTIONS_TEXT: FileUploadText = {
  upload: f.uploadCaptions,
  replace: f.replaceCaptions,
  remove: f.removeCaptions,
  attached: f.attachedCaptions,
  hint: f.captionsHint,
};

/**
 * An own video's captions (docs/decisions/0050-captions.md): a WebVTT file to attach, replace or
 * remove, and a warning while the video has neither captions nor a transcript. An embedded player
 * (YouTube, Vimeo, Cloudflare Stream) shows its own captions; the field says so instead.
 */
export function CaptionsField({
  videoUrl,
  transcript,
  captionsFileId,
  onChange,
}: {
  videoUrl: string;
  transcript: string;
  captionsFileId: string;
  onChange: (captionsFileId: string) => void;
}) {
  const legendId = useId();
  const source = videoSource(videoUrl.trim());
  if (!source) return null;
  if (source.kind !== 'file') {
    return (
      <p className="flex gap-2 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {f.captionsPlatform(f.platforms[source.kind])}
      </p>
    );
  }
  const missing = !captionsFileId && !transcript.trim();
  return (
    <fieldset className="space-y-3" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-semibold">
        {f.captions}
      </legend>
      <FileUpload fileId={captionsFileId} onChange={onChange} label={f.captions} accept=".vtt,text/vtt" text={CAPTIONS_TEXT} />
      {missing ? (
        <p className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {f.captionsMissing}
        </p>
      ) : (
        !captionsFileId && (
          <p className="flex gap-2 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {f.captionsTranscriptOnly}
          </p>
        )
      )}
    </fieldset>
  );
}

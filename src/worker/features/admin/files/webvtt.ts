/*
 * An own video's captions (docs/decisions/0050-captions.md): a WebVTT file the browser plays as the
 * video's <track>. Checked before it is stored, so a learner never gets a track the player drops
 * silently: UTF-8, `WEBVTT` on the first line, and at least one cue whose timing line is valid and
 * ends after it starts — every timing line, not only the first.
 */
import type { ErrorCode } from '#shared/errors';

/** 1 MB: an hour of dense captions is some 100 KB. */
export const MAX_CAPTIONS_BYTES = 1024 * 1024;

/** `hh:mm:ss.ttt` (hours optional, as WebVTT allows) → seconds; null when it is not a timestamp. */
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
function seconds(stamp: string): number | null {
  const m = TIMESTAMP.exec(stamp);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** A cue's timing line: start `-->` end, then optional settings (`line:0 position:50%`). */
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/;

/** Why `bytes` are not a WebVTT file to play, or null when they are. */
export function webVttProblem(bytes: Uint8Array): ErrorCode | null {
  if (bytes.length > MAX_CAPTIONS_BYTES) return 'captions_too_large';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return 'captions_not_webvtt';
  }
  const lines = text.split(/\r\n|\r|\n/);
  // The signature: WEBVTT alone, or followed by a space or tab and a header text.
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return 'captions_not_webvtt';
  // eslint-disable-next-line no-control-regex -- NUL and the other control characters are what is refused
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return 'captions_not_webvtt';
  let cues = 0;
  for (const line of lines.slice(1)) {
    if (!line.includes('-->')) continue;
    const [, from = '', to = ''] = TIMING.exec(line.trim()) ?? [];
    const start = seconds(from);
    const end = seconds(to);
    if (start === null || end === null || end <= start) return 'captions_bad_timing';
    cues++;
  }
  return cues > 0 ? null : 'captions_bad_timing';
}

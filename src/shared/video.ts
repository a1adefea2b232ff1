/*
 * The video hosts a lesson may use (docs/decisions/0023-lessons-video-files-drafts.md).
 * One parser for the admin's validation, the server and the lesson page, so what is saved is
 * exactly what the page can embed and what the CSP allows.
 */

export type VideoSource =
  /** An embed player in an iframe (YouTube via youtube-nocookie.com, Vimeo, Cloudflare Stream). */
  | { kind: 'youtube' | 'vimeo' | 'stream'; embedUrl: string }
  /** A plain https MP4 or HLS file, played by the browser's own <video>. */
  | { kind: 'file'; src: string };

/** The frame-src origins of the embed players; the CSP lists exactly these. */
export const VIDEO_FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://*.cloudflarestream.com',
  'https://iframe.videodelivery.net',
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const NUMERIC_ID = /^\d{1,12}$/;
const STREAM_ID = /^[a-f0-9]{32}$/;
const STREAM_HOST = /^customer-[a-z0-9]{1,40}\.cloudflarestream\.com$/;

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const [first = '', second = ''] = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return first;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return undefined;
  if (first === 'watch') return url.searchParams.get('v') ?? undefined;
  if (first === 'embed' || first === 'shorts' || first === 'live') return second;
  return undefined;
}

function vimeoEmbed(url: URL): string | undefined {
  const parts = url.pathname.split('/').filter(Boolean);
  const host = url.hostname.replace(/^www\./, '');
  const [id, hash] =
    host === 'player.vimeo.com' && parts[0] === 'video' ? [parts[1], url.searchParams.get('h')] : [parts[0], parts[1]];
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return undefined;
  if (!id || !NUMERIC_ID.test(id)) return undefined;
  // An unlisted video's address carries its privacy hash; the player needs it as ?h=.
  const h = hash && /^[a-f0-9]{6,20}$/.test(hash) ? `?h=${hash}` : '';
  return `https://player.vimeo.com/video/${id}${h}`;
}

function streamEmbed(url: URL): string | undefined {
  const [first = '', second = ''] = url.pathname.split('/').filter(Boolean);
  if (url.hostname === 'iframe.videodelivery.net' && STREAM_ID.test(first)) return `https://iframe.videodelivery.net/${first}`;
  if (STREAM_HOST.test(url.hostname) && STREAM_ID.test(first) && (second === '' || second === 'iframe' || second === 'watch')) {
    return `https://${url.hostname}/${first}/iframe`;
  }
  return undefined;
}

/** The source a stored or entered address stands for, or null when it is none of the accepted kinds. */
export function videoSource(address: string): VideoSource | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const yt = youtubeId(url);
  if (yt !== undefined)
    return YOUTUBE_ID.test(yt) ? { kind: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${yt}` } : null;
  const vimeo = vimeoEmbed(url);
  if (vimeo) return { kind: 'vimeo', embedUrl: vimeo };
  const stream = streamEmbed(url);
  if (stream) return { kind: 'stream', embedUrl: stream };
  if (/\.(mp4|m3u8)$/i.test(url.pathname)) return { kind: 'file', src: url.href };
  return null;
}

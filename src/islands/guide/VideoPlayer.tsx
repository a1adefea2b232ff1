import { Captions, CaptionsOff, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { lessonsPage } from '#shared/copy/guide';
import { videoSource, type VideoSource } from '#shared/video';
import { api, call } from '#browser/api';

const t = lessonsPage;

/** Positions are saved at most this often while a video plays, and once more when it pauses or the page closes. */
const SAVE_EVERY_MS = 15_000;
/** Watching this share of a video completes the lesson. */
const WATCHED = 0.9;

const clock = (seconds: number) => {
  const s = Math.floor(seconds);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(s >= 3600 ? 2 : 1, '0');
  return `${s >= 3600 ? `${Math.floor(s / 3600)}:` : ''}${mm}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A lesson's video behind a click-to-load facade
 * (docs/decisions/0023-lessons-video-files-drafts.md): until the learner presses play, the page
 * shows only its own button — no iframe, no thumbnail, no request to the video host. Then the player
 * loads where they stopped last time; the position is saved now and then, and watching 90 % of it
 * completes the lesson (plain files, YouTube and Vimeo report progress).
 */
export default function VideoPlayer({
  lessonId,
  title,
  videoUrl,
  captionsHref = null,
  position,
  onWatched,
}: {
  lessonId: string;
  title: string;
  videoUrl: string;
  /** An own video's WebVTT captions (a signed link), played as its <track>. */
  captionsHref?: string | null;
  position: number;
  onWatched: () => void;
}) {
  const source = videoSource(videoUrl);
  const [playing, setPlaying] = useState(false);
  const progress = useProgress(lessonId, onWatched);
  if (!source) return null;

  if (!playing) {
    return (
      <div className="space-y-2">
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group grid aspect-video w-full place-items-center rounded-2xl bg-stone-900 p-6 text-center text-white focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span className="space-y-3">
            <span className="mx-auto grid size-16 place-items-center rounded-full bg-brand-600 transition group-hover:scale-105 group-hover:bg-brand-500">
              <Play className="ml-1 size-8 fill-current" aria-hidden="true" />
            </span>
            <span className="block text-lg font-semibold text-balance">{t.playVideo(title)}</span>
            {position > 0 && <span className="block text-sm text-stone-300">{t.videoResume(clock(position))}</span>}
            {source.kind === 'file' && captionsHref && (
              <span className="inline-flex items-center gap-1.5 text-sm text-stone-300">
                <Captions className="size-4" aria-hidden="true" />
                {t.withCaptions}
              </span>
            )}
          </span>
        </button>
        {source.kind !== 'file' && <p className="text-sm text-muted">{t.videoConsent}</p>}
      </div>
    );
  }
  return source.kind === 'file' ? (
    <FileVideo src={source.src} captionsHref={captionsHref} position={position} progress={progress} />
  ) : (
    <EmbedVideo source={source} title={title} position={position} progress={progress} />
  );
}

type Progress = { report: (seconds: number, duration: number) => void; flush: () => void };

/** Saves the position (throttled) and calls `onWatched` once when 90 % has been seen. */
function useProgress(lessonId: string, onWatched: () => void): Progress {
  const last = useRef({ seconds: 0, savedAt: 0, saved: -1, watched: false });
  const save = (seconds: number) => {
    const s = Math.floor(seconds);
    if (s === last.current.saved) return;
    last.current.saved = s;
    last.current.savedAt = Date.now();
    void call(api.guide.lessons[':id'].position.$put({ param: { id: lessonId }, json: { seconds: s } })).catch(() => {
      // A lost position is a small thing; the next save tries again.
      last.current.saved = -1;
    });
  };
  const progress = useRef<Progress>({
    report(seconds, duration) {
      last.current.seconds = seconds;
      if (Date.now() - last.current.savedAt >= SAVE_EVERY_MS) save(seconds);
      if (!last.current.watched && duration > 0 && seconds / duration >= WATCHED) {
        last.current.watched = true;
        onWatched();
      }
    },
    flush: () => save(last.current.seconds),
  });
  useEffect(() => {
    const flush = () => progress.current.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  return progress.current;
}

function FileVideo({
  src,
  captionsHref,
  position,
  progress,
}: {
  src: string;
  captionsHref: string | null;
  position: number;
  progress: Progress;
}) {
  const track = useRef<HTMLTrackElement>(null);
  // Captions start on (the track is `default`); the button turns them off and on again.
  const [captions, setCaptions] = useState(true);
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const apply = () => (element.track.mode = captions ? 'showing' : 'hidden');
    apply();
    // The browser picks a mode of its own when the file has loaded; the learner's choice wins.
    element.addEventListener('load', apply);
    return () => element.removeEventListener('load', apply);
  }, [captions]);

  return (
    <div className="space-y-2">
      <video
        className="aspect-video w-full rounded-2xl bg-black"
        src={src}
        controls
        autoPlay
        playsInline
        preload="metadata"
        onLoadedMetadata={(e) => {
          if (position > 0 && position < e.currentTarget.duration - 5) e.currentTarget.currentTime = position;
        }}
        onTimeUpdate={(e) => progress.report(e.currentTarget.currentTime, e.currentTarget.duration)}
        onPause={() => progress.flush()}
      >
        {/* Without captions, the lesson's own text below the video carries what is said. */}
        {captionsHref && <track ref={track} kind="captions" src={captionsHref} srcLang="nb" label={t.captionsLabel} default />}
        {t.videoUnsupported}
      </video>
      {captionsHref && (
        <button
          type="button"
          className="btn-secondary min-h-11 aria-pressed:border-brand-300 aria-pressed:bg-brand-50"
          aria-pressed={captions}
          onClick={() => setCaptions((on) => !on)}
        >
          {captions ? <Captions className="size-5" aria-hidden="true" /> : <CaptionsOff className="size-5" aria-hidden="true" />}
          {t.captionsButton}
          <span aria-hidden="true" className="text-sm font-normal text-muted">
            {t.captionsState(captions)}
          </span>
        </button>
      )}
    </div>
  );
}

/** The player's address: autoplay (the learner pressed play), the saved position, and the API that reports progress. */
function embedAddress(source: Extract<VideoSource, { embedUrl: string }>, position: number): string {
  const url = new URL(source.embedUrl);
  const start = Math.floor(position);
  if (source.kind === 'youtube') {
    url.searchParams.set('autoplay', '1');
    url.searchParams.set('enablejsapi', '1');
    url.searchParams.set('origin', window.location.origin);
    if (start > 0) url.searchParams.set('start', String(start));
  } else if (source.kind === 'vimeo') {
    url.searchParams.set('autoplay', '1');
    if (start > 0) url.hash = `t=${start}s`;
  } else {
    url.searchParams.set('autoplay', 'true');
    if (start > 0) url.searchParams.set('startTime', `${start}s`);
  }
  return url.href;
}

type PlayerMessage = {
  event?: string;
  info?: { currentTime?: number; duration?: number; playerState?: number };
  data?: { seconds?: number; duration?: number };
};

function EmbedVideo({
  source,
  title,
  position,
  progress,
}: {
  source: Extract<VideoSource, { embedUrl: string }>;
  title: string;
  position: number;
  progress: Progress;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = embedAddress(source, position);
  const origin = new URL(src).origin;

  useEffect(() => {
    let duration = 0;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow || typeof e.data !== 'string') return;
      let message: PlayerMessage;
      try {
        message = JSON.parse(e.data) as PlayerMessage;
      } catch {
        return;
      }
      if (message.event === 'infoDelivery' && message.info) {
        duration = message.info.duration ?? duration;
        if (message.info.currentTime !== undefined) progress.report(message.info.currentTime, duration);
        if (message.info.playerState === 2) progress.flush();
      } else if (message.event === 'timeupdate' && message.data?.seconds !== undefined) {
        progress.report(message.data.seconds, message.data.duration ?? 0);
      } else if (message.event === 'pause') {
        progress.flush();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, progress]);

  /** Asks the player to report its progress (YouTube's and Vimeo's postMessage APIs). */
  const listen = () => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    if (source.kind === 'youtube') target.postMessage(JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }), origin);
    if (source.kind === 'vimeo') {
      for (const value of ['timeupdate', 'pause'])
        target.postMessage(JSON.stringify({ method: 'addEventListener', value }), origin);
    }
  };

  return (
    <iframe
      ref={frame}
      src={src}
      title={t.videoFrameTitle(title)}
      onLoad={listen}
      className="aspect-video w-full rounded-2xl bg-black"
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

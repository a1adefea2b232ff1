import { describe, expect, it } from 'vitest';
import { videoSource } from '#shared/video';

describe('videoSource', () => {
  it('turns YouTube addresses into the privacy-enhanced embed', () => {
    const embed = { kind: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoSource(url), url).toEqual(embed);
    }
  });

  it('accepts Vimeo (keeping an unlisted video’s hash), Cloudflare Stream and plain MP4/HLS files', () => {
    expect(videoSource('https://vimeo.com/76979871')).toEqual({
      kind: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoSource('https://vimeo.com/76979871/abc123def0')).toEqual({
      kind: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?h=abc123def0',
    });
    expect(videoSource('https://player.vimeo.com/video/76979871')?.kind).toBe('vimeo');
    const id = '5d5bc37ffcf54c9b82e996823bffbb81';
    expect(videoSource(`https://customer-abc123.cloudflarestream.com/${id}/watch`)).toEqual({
      kind: 'stream',
      embedUrl: `https://customer-abc123.cloudflarestream.com/${id}/iframe`,
    });
    expect(videoSource(`https://iframe.videodelivery.net/${id}`)?.kind).toBe('stream');
    expect(videoSource('https://cdn.example.no/kurs/leksjon-1.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.no/kurs/leksjon-1.mp4',
    });
    expect(videoSource('https://cdn.example.no/kurs/master.m3u8')?.kind).toBe('file');
  });

  it('refuses everything else: http, other hosts, bad ids, pages, credentials', () => {
    for (const url of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=kort',
      'https://www.youtube.com/channel/UC123',
      'https://vimeo.com/kanal',
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://example.no/video',
      'https://example.no/video.mp4.html',
      'http://example.no/video.mp4',
      'https://user:pass@example.no/video.mp4',
      'javascript:alert(1)//.mp4',
      'ikke en lenke',
    ]) {
      expect(videoSource(url), url).toBeNull();
    }
  });
});

// The video player block: YouTube videos by id behind a click-to-load facade. The page loads
// nothing from YouTube (no frame, no thumbnail) until the reader presses Play; the player then
// comes from the privacy-enhanced domain (youtube-nocookie.com). The press is the reader's own
// choice to load the third-party player, so it does not wait on the consent banner. A frame of
// fixed 16:9 ratio holds the place, so loading the player shifts nothing. With several videos, a
// list picks which one the facade plays.
import { useState } from 'react';
import type { VideoView } from '../model';
import { useLockedBlock } from './locked-block';

export type VideoPlayerProps = { videos: VideoView[]; lockedFor: number | null };

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const VIDEO_TEXTS = {
  play: (title: string) => `Play video: ${title}`,
  frame: (title: string) => `Video: ${title}`,
  watchOn: 'Watch on YouTube',
  notice: 'Playing loads the player from YouTube.',
  list: 'Videos',
} as const;

export const embedUrl = (id: string) => `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;

export function VideoPlayer({ videos, lockedFor }: VideoPlayerProps) {
  const lock = useLockedBlock('video_player', lockedFor);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  if (lock !== 'shown' || videos.length === 0) return null;
  const v = videos[Math.min(at, videos.length - 1)]!;
  return (
    <div className="video-player">
      <div className="video-frame">
        {playing
          ? <iframe src={embedUrl(v.youtubeId)} title={VIDEO_TEXTS.frame(v.title)} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
          : (
            <button type="button" className="video-play" onClick={() => setPlaying(true)}>
              <span className="video-play-icon" aria-hidden="true">▶</span>
              <span className="visually-hidden">{VIDEO_TEXTS.play(v.title)}</span>
              <span className="video-title" aria-hidden="true">{v.title}</span>
            </button>
          )}
      </div>
      <p className="video-notice">{VIDEO_TEXTS.notice} <a href={watchUrl(v.youtubeId)} rel="noopener noreferrer" target="_blank">{VIDEO_TEXTS.watchOn}</a></p>
      {videos.length > 1 && (
        // A named group around the list: html-validate advises against aria-label on <ul> itself.
        <div role="group" aria-label={VIDEO_TEXTS.list}>
          <ul className="video-list">
            {videos.map((x, i) => (
              <li key={`${x.youtubeId}-${i}`}>
                <button type="button" aria-current={i === at ? 'true' : undefined} onClick={() => { setAt(i); setPlaying(false); }}>{x.title}</button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

import { Icon } from '../../../shared/ui';
import type { Media } from '@cc/contracts';
import { formatBytes } from '../../../shared/format';
import './MessageMedia.css';

const MAX_WIDTH = 280;
const MAX_HEIGHT = 320;

/** The box a photo or video takes before it loads, so the history does not jump when it does. */
function frame(media: Media) {
  const width = media.width ?? 4;
  const height = media.height ?? 3;
  const scale = Math.min(1, MAX_WIDTH / width, MAX_HEIGHT / height);
  return { aspectRatio: `${width} / ${height}`, width: media.width ? Math.round(width * scale) : MAX_WIDTH };
}

const extension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toUpperCase();
};

/** A photo (opens large on click), a video with its poster frame, or a download card. Same-origin URLs: the cookie authorises them. */
export function MessageMedia({ media, onOpenPhoto }: { media: Media; onOpenPhoto?: ((media: Media) => void) | undefined }) {
  if (media.type === 'photo') {
    return (
      <button
        type="button"
        className="chat-photo"
        style={frame(media)}
        onClick={() => onOpenPhoto?.(media)}
        aria-label={`Open photo ${media.name}`}
      >
        <img src={media.thumbnailUrl ?? media.url} alt={media.name} loading="lazy" decoding="async" />
      </button>
    );
  }
  if (media.type === 'video') {
    return (
      <video
        className="chat-video"
        style={frame(media)}
        src={media.url}
        poster={media.thumbnailUrl ?? undefined}
        controls
        preload="metadata"
        aria-label={`Video ${media.name}`}
      >
        <a href={media.url}>Download {media.name}</a>
      </video>
    );
  }
  return (
    <a className="chat-file" href={media.url} download={media.name}>
      <span className="chat-file__icon">
        <Icon name="download" size={20} />
      </span>
      <span className="chat-file__text">
        <span className="chat-file__name">{media.name}</span>
        <span className="chat-file__size">
          {formatBytes(media.size)}
          {extension(media.name) ? ` · ${extension(media.name)}` : ''}
        </span>
      </span>
    </a>
  );
}

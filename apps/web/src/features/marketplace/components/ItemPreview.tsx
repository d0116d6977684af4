import { useState } from 'react';
import { MEDIA_TYPES, type MediaType } from '@cc/contracts';
import { Icon } from '../../../shared/ui';

type Props = {
  name: string;
  mediaType: MediaType;
  /** The public preview (a photo's thumbnail, a video's poster); null for files. */
  previewUrl: string | null;
  mimeType?: string;
  className?: string;
  /** The server sent the public preview, blurred until bought (issue #28): say so on it. */
  blurred?: boolean;
};

/** "application/pdf" → "PDF": what kind of file an icon stands for. */
function fileLabel(mimeType: string | undefined): string {
  const known = MEDIA_TYPES.file.find((type) => type.mime === mimeType);
  if (known) return known.ext.toUpperCase();
  return 'File';
}

/**
 * An item's picture: the preview anyone may see (never the original, docs/product.md#marketplace),
 * a play mark on a video's poster, or an icon with the file's kind when there is no preview (or it
 * fails to load).
 */
export function ItemPreview({ name, mediaType, previewUrl, mimeType, className, blurred = false }: Props) {
  const [broken, setBroken] = useState(false);
  const classes = ['store-preview', `store-preview--${mediaType}`, className].filter(Boolean).join(' ');
  if (!previewUrl || broken) {
    return (
      <div className={`${classes} store-preview--icon`}>
        <Icon name={mediaType} size={34} />
        <span className="store-preview__kind">
          {mediaType === 'file' ? fileLabel(mimeType) : mediaType === 'video' ? 'Video' : 'Photo'}
        </span>
      </div>
    );
  }
  return (
    <div className={classes}>
      <img src={previewUrl} alt={blurred ? `${name}, blurred until bought` : name} loading="lazy" onError={() => setBroken(true)} />
      {blurred ? (
        <span className="store-preview__blurred">
          <Icon name="lock" size={14} />
          Clear once bought
        </span>
      ) : null}
      {mediaType === 'video' ? (
        <span className="store-preview__play" aria-hidden="true">
          <Icon name="play" size={16} />
        </span>
      ) : null}
    </div>
  );
}

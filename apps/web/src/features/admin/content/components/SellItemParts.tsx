import { useState } from 'react';
import { formatTokens, type AdminItemRow, type MediaType, type SellItemStatus } from '@cc/contracts';
import { Badge, Icon, type BadgeTone } from '../../../../shared/ui';
import './SellItems.css';

const STATUS: Record<SellItemStatus, { tone: BadgeTone; label: string }> = {
  listed: { tone: 'success', label: 'Listed' },
  hidden: { tone: 'warning', label: 'Hidden' },
  removed: { tone: 'neutral', label: 'Removed' },
};

export const KIND: Record<MediaType, string> = { photo: 'Photo', video: 'Video', file: 'File' };

/** "12.50 tokens": a price as every admin sentence says it. */
export const itemPrice = (price: number) => `${formatTokens(price)} tokens`;

export function ItemStatusBadge({ status }: { status: SellItemStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

type ItemThumbProps = { item: Pick<AdminItemRow, 'name' | 'mediaType' | 'previewUrl'>; size?: 'sm' | 'lg' };

/**
 * An item's picture for administrators: the media thumbnail (readable whatever the item's status),
 * a play mark on a video's, or the kind's icon for a file or a thumbnail that does not load.
 */
export function ItemThumb({ item, size = 'sm' }: ItemThumbProps) {
  const [broken, setBroken] = useState(false);
  const classes = `admin-item-thumb admin-item-thumb--${size}`;
  if (!item.previewUrl || broken) {
    return (
      <span className={`${classes} admin-item-thumb--icon`} role="img" aria-label={KIND[item.mediaType]}>
        <Icon name={item.mediaType} size={size === 'lg' ? 36 : 20} />
        {size === 'lg' ? <span className="admin-item-thumb__kind">{KIND[item.mediaType]}</span> : null}
      </span>
    );
  }
  return (
    <span className={classes}>
      <img src={item.previewUrl} alt={size === 'lg' ? `Preview of ${item.name}` : ''} loading="lazy" onError={() => setBroken(true)} />
      {item.mediaType === 'video' ? (
        <span className="admin-item-thumb__play" aria-hidden="true">
          <Icon name="play" size={size === 'lg' ? 16 : 10} />
        </span>
      ) : null}
    </span>
  );
}

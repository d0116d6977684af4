import type { ReactNode } from 'react';
import type { SellItem } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { Skeleton } from '../../../shared/ui';
import { ItemPreview } from './ItemPreview';

type Props = {
  item: Pick<SellItem, '_id' | 'name' | 'description' | 'price' | 'mediaType' | 'previewUrl' | 'mimeType'>;
  /** A line under the price: sales for the seller, "Purchased" for a buyer. */
  meta?: ReactNode;
  actions: ReactNode;
  /** Its preview is the blurred one a shopper sees until she buys it. */
  blurred?: boolean;
};

/** One item as a card: preview, name, description (members' text, shown as text), price and what can be done. */
export function ItemCard({ item, meta, actions, blurred }: Props) {
  const headingId = `item-${item._id}-name`;
  return (
    <li className="store-card" aria-labelledby={headingId}>
      <ItemPreview name={item.name} mediaType={item.mediaType} previewUrl={item.previewUrl} mimeType={item.mimeType} blurred={blurred} />
      <div className="store-card__body">
        <h3 id={headingId} className="store-card__name" title={item.name}>
          {item.name}
        </h3>
        {item.description ? <p className="store-card__description">{item.description}</p> : null}
        <div className="store-card__footer">
          <p className="store-card__price">
            <strong>{formatTokens(item.price)}</strong> tokens
          </p>
          {meta ? <div className="store-card__meta">{meta}</div> : null}
        </div>
        <div className="store-card__actions">{actions}</div>
      </div>
    </li>
  );
}

/** Grey cards in the grid's own frame while items load, so the page does not jump. */
export function ItemGridSkeleton({ label, cards = 4 }: { label: string; cards?: number }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="store-grid" aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className="store-card store-card--skeleton">
            <Skeleton height="100%" radius="0" className="store-preview" />
            <div className="store-card__body">
              <Skeleton width="70%" height={18} />
              <Skeleton width="90%" height={12} />
              <Skeleton width="40%" height={16} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

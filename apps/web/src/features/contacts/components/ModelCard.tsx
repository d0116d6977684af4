import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { ListedUser } from '@cc/contracts';
import { Avatar, Icon, Skeleton } from '../../../shared/ui';
import { isCallable, personHue, pricePerMessageLabel } from '../lib/pricing';
import './ModelCard.css';

/** One model in the directory; the whole card leads to their profile. */
export function ModelCard({ model }: { model: ListedUser }) {
  const style = { '--person-hue': personHue(model.username) } as CSSProperties;
  return (
    <li className="model-card" style={style}>
      <Link to={`/models/${encodeURIComponent(model.username)}`} className="model-card__link">
        <span className="model-card__cover" aria-hidden="true" />
        <Avatar name={model.name} src={model.avatarUrl} size={72} className="model-card__avatar" decorative />
        <span className="model-card__body">
          <span className="model-card__name">{model.name}</span>
          <span className="model-card__handle">@{model.username}</span>
          <span className="model-card__bio">{model.bio || 'No bio yet.'}</span>
        </span>
        <span className="model-card__meta">
          <span className="model-card__price">
            <Icon name="coin" size={16} />
            {pricePerMessageLabel(model.tokenPerMessage)}
          </span>
          {isCallable(model) ? (
            <span className="model-card__call" title="Takes voice calls">
              <Icon name="phone" size={14} /> Voice calls
            </span>
          ) : null}
          {model.isFriend ? (
            <span className="model-card__friend" title="In your contacts">
              <Icon name="userCheck" size={14} />
              <span className="visually-hidden">In your contacts</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

export function ModelCardSkeleton() {
  return (
    <li className="model-card model-card--skeleton" aria-hidden="true">
      <span className="model-card__link">
        <span className="model-card__cover" />
        <Skeleton width={72} height={72} radius="50%" className="model-card__avatar" />
        <span className="model-card__body">
          <Skeleton width="60%" height={16} />
          <Skeleton width="40%" height={12} />
          <Skeleton width="90%" height={12} />
        </span>
        <span className="model-card__meta">
          <Skeleton width="55%" height={14} />
        </span>
      </span>
    </li>
  );
}

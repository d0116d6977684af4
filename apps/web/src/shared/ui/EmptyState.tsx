import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import './EmptyState.css';

type EmptyStateProps = { icon?: IconName; title: ReactNode; description?: ReactNode; action?: ReactNode };

/** What to show when there is nothing yet — always with what to do next. */
export function EmptyState({ icon = 'sparkles', title, description, action }: EmptyStateProps) {
  return (
    <div className="ui-empty">
      <span className="ui-empty__icon">
        <Icon name={icon} size={24} />
      </span>
      <h2 className="ui-empty__title">{title}</h2>
      {description ? <p className="ui-empty__description">{description}</p> : null}
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}

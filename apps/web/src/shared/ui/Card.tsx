import type { HTMLAttributes, ReactNode } from 'react';
import './Card.css';

type CardProps = HTMLAttributes<HTMLElement> & {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  padding?: 'md' | 'lg' | 'none';
  as?: 'section' | 'div' | 'article';
};

/** A surface with an optional heading row. Use `as="section"` (default) when it has a title. */
export function Card({ title, description, actions, padding = 'md', as: Tag = 'section', className, children, ...rest }: CardProps) {
  return (
    <Tag className={['ui-card', `ui-card--pad-${padding}`, className].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <div className="ui-card__header">
          <div className="ui-card__heading">
            {title ? <h2 className="ui-card__title">{title}</h2> : null}
            {description ? <p className="ui-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}

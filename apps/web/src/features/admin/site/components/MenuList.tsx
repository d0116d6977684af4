import { useEffect, useRef } from 'react';
import type { AdminMenuItem } from '@cc/contracts';
import { Badge, Button, Icon } from '../../../../shared/ui';
import './MenusPage.css';

export type MoveDirection = 'up' | 'down';

type MenuListProps = {
  label: string;
  items: readonly AdminMenuItem[];
  /** True while a move is being saved: every move button waits, so moves never cross. */
  moving: boolean;
  onMove: (item: AdminMenuItem, direction: MoveDirection) => void;
  onEdit: (item: AdminMenuItem) => void;
  onDelete: (item: AdminMenuItem) => void;
  /** The last move, so focus can follow the link to its new row. */
  lastMove: { id: string; direction: MoveDirection } | null;
};

/** The links of one section in display order, each with move, edit and delete buttons. */
export function MenuList({ label, items, moving, onMove, onEdit, onDelete, lastMove }: MenuListProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Keyboard people keep their place: after a move the same button of the moved link has focus,
  // or its other move button once the link reaches the top or the bottom.
  useEffect(() => {
    if (!lastMove || moving) return;
    const same = buttons.current.get(`${lastMove.id}:${lastMove.direction}`);
    const other = buttons.current.get(`${lastMove.id}:${lastMove.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [items, lastMove, moving]);

  const keep = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <ol className="admin-menus" aria-label={label}>
      {items.map((item, index) => (
        <li key={item._id} className="admin-menus__item">
          <span className="admin-menus__position" aria-hidden="true">
            {index + 1}
          </span>
          <div className="admin-menus__text">
            <p className="admin-menus__title">
              {item.title}
              {item.openNewTab ? <Badge tone="info">New tab</Badge> : null}
            </p>
            <p className="admin-menus__path">{item.path}</p>
          </div>
          <div className="admin-menus__actions">
            <div className="admin-menus__move">
              <Button
                ref={keep(`${item._id}:up`)}
                size="sm"
                variant="ghost"
                aria-label={`Move “${item.title}” up`}
                title="Move up"
                disabled={moving || index === 0}
                onClick={() => onMove(item, 'up')}
                icon={<Icon name="chevronDown" size={16} className="admin-menus__up" />}
              />
              <Button
                ref={keep(`${item._id}:down`)}
                size="sm"
                variant="ghost"
                aria-label={`Move “${item.title}” down`}
                title="Move down"
                disabled={moving || index === items.length - 1}
                onClick={() => onMove(item, 'down')}
                icon={<Icon name="chevronDown" size={16} />}
              />
            </div>
            <Button size="sm" variant="secondary" onClick={() => onEdit(item)} aria-label={`Edit “${item.title}”`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onDelete(item)}
              aria-label={`Delete “${item.title}”`}
              icon={<Icon name="trash" size={16} />}
            >
              <span className="admin-menus__delete-label">Delete</span>
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import './Alert.css';

type AlertTone = 'info' | 'success' | 'warning' | 'danger';
const icons: Record<AlertTone, IconName> = { info: 'info', success: 'checkCircle', warning: 'alert', danger: 'alert' };

type AlertProps = { tone?: AlertTone; title?: ReactNode; children?: ReactNode; action?: ReactNode };

/** An inline notice. Errors and successes are announced (role alert / status). */
export function Alert({ tone = 'info', title, children, action }: AlertProps) {
  return (
    <div className={`ui-alert ui-alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon name={icons[tone]} size={18} className="ui-alert__icon" />
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children ? <div className="ui-alert__text">{children}</div> : null}
        {action ? <div className="ui-alert__action">{action}</div> : null}
      </div>
    </div>
  );
}

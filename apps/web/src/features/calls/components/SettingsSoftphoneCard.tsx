import { useState } from 'react';
import { selectSocketStatus, type SocketStatus } from '../../../shared/socket/socketSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Alert, Button, Card, Icon } from '../../../shared/ui';
import type { CallSettings } from '../api/historyApi';
import { allowNotificationsAndSound, notificationAccess, type NotificationAccess } from './SettingsRingCheck';

type Readiness = { tone: 'ready' | 'off' | 'offline'; title: string; text: string };

/** Whether a call can reach the model right now, in one line. */
function readiness(settings: CallSettings, socket: SocketStatus): Readiness {
  if (!settings.callAvailable)
    return { tone: 'off', title: 'Calls are off', text: 'Members cannot call you until you turn on “Available for calls”.' };
  if (settings.provider === 'twilio') {
    return settings.phoneNumber
      ? { tone: 'ready', title: 'Ready', text: `Calls ring your phone, ${settings.phoneNumber}.` }
      : { tone: 'offline', title: 'No phone number', text: 'Add your phone number below so calls can reach you.' };
  }
  if (socket === 'connected') return { tone: 'ready', title: 'Ready', text: 'Incoming calls ring here, in this browser.' };
  if (socket === 'initialized' || socket === 'reconnecting')
    return { tone: 'offline', title: 'Connecting…', text: 'Calls ring here as soon as the live connection is up.' };
  return { tone: 'offline', title: 'Offline', text: 'The live connection is down: calls cannot ring here until it is back.' };
}

const ACCESS_WORDS: Record<NotificationAccess, string> = {
  granted: 'Notifications are on: a call is announced even when this tab is in the background.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings to hear about calls in other tabs.',
  default: 'Allow notifications so a call is announced even when this tab is in the background.',
  unsupported: 'This browser cannot show notifications: keep this tab in sight to see calls ring.',
};

/** The model's softphone (docs/product.md#calls): where calls ring, whether they can now, and the browser's permissions. */
export function SettingsSoftphoneCard({ settings }: { settings: CallSettings }) {
  const socket = useAppSelector(selectSocketStatus);
  const [access, setAccess] = useState<NotificationAccess>(notificationAccess);
  const [asking, setAsking] = useState(false);
  const state = readiness(settings, socket);

  const ask = async () => {
    setAsking(true);
    try {
      setAccess(await allowNotificationsAndSound());
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card title="Your softphone" className="softphone-card">
      <div className={`softphone-status softphone-status--${state.tone}`} role="status" aria-label={`Softphone: ${state.title}`}>
        <span className="softphone-status__icon">
          <Icon name="phone" size={20} />
        </span>
        <span className="softphone-status__text">
          <strong>{state.title}</strong>
          <span>{state.text}</span>
        </span>
      </div>
      {settings.provider === 'local' ? (
        <div className="stack">
          <p className="softphone-card__keep-open">Keep this site open to take calls: incoming calls ring here</p>
          <p className="muted text-sm">{ACCESS_WORDS[access]}</p>
          {access === 'granted' || access === 'unsupported' ? (
            <div>
              <Button variant="secondary" size="sm" onClick={() => void ask()} loading={asking} icon={<Icon name="phone" size={16} />}>
                Play a test ring
              </Button>
            </div>
          ) : access === 'default' ? (
            <div>
              <Button onClick={() => void ask()} loading={asking} icon={<Icon name="checkCircle" size={16} />}>
                Allow notifications and sound
              </Button>
            </div>
          ) : (
            <Alert tone="warning" title="Notifications blocked">
              Calls still ring on this page while it is open.
            </Alert>
          )}
        </div>
      ) : (
        <p className="muted text-sm">
          When a member calls, your phone rings and you answer it as usual. Your number is never shown to anyone.
        </p>
      )}
    </Card>
  );
}

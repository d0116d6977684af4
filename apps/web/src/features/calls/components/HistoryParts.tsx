import type { Call } from '@cc/contracts';
import { Avatar, Badge, Icon } from '../../../shared/ui';
import { callStatusWords } from './HistoryWords';
import './HistoryParts.css';

/** The other party of a call: picture, name and handle. */
export function HistoryParty({ party, size = 32 }: { party: Call['otherParty']; size?: number }) {
  return (
    <span className="call-party">
      <Avatar name={party.name} src={party.avatarUrl} size={size} decorative />
      <span className="call-party__text">
        <span className="call-party__name">{party.name}</span>
        <span className="call-party__handle">@{party.username}</span>
      </span>
    </span>
  );
}

/** "Outgoing" (you called) or "Incoming" (you were called), with an arrow. */
export function HistoryDirection({ direction }: { direction: Call['direction'] }) {
  return (
    <span className={`call-direction call-direction--${direction}`}>
      <Icon name="arrowRight" size={14} />
      {direction === 'outgoing' ? 'Outgoing' : 'Incoming'}
    </span>
  );
}

/** The call's status badge, in the viewer's words (callStatusWords). */
export function HistoryStatus({ call }: { call: Call }) {
  const words = callStatusWords(call);
  return <Badge tone={words.tone}>{words.label}</Badge>;
}

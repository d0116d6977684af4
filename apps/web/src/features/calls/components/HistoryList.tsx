import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTokens, type Call } from '@cc/contracts';
import { When } from '../../../shared/money';
import { Icon } from '../../../shared/ui';
import { HistoryDirection, HistoryParty, HistoryStatus } from './HistoryParts';
import { formatCallDuration } from './HistoryWords';
import './HistoryList.css';

/** One fact of a row: its name is the column heading on a wide screen and a small label on a phone. */
function Fact({ name, className, children }: { name: string; className: string; children: ReactNode }) {
  return (
    <span className={`call-row__fact ${className}`}>
      <span className="call-row__label">{name}</span>
      <span className="call-row__value">{children}</span>
    </span>
  );
}

/**
 * The call history as rows that each open the call's receipt: columns on a wide screen, a compact
 * card per call on a phone, so the status and the tokens are always in sight without scrolling sideways.
 */
export function HistoryList({ calls }: { calls: readonly Call[] }) {
  return (
    <div className="call-list">
      <div className="call-list__head" aria-hidden="true">
        <span>With</span>
        <span>Direction</span>
        <span>When</span>
        <span className="is-end">Duration</span>
        <span className="is-end">Rate</span>
        <span className="is-end">Tokens</span>
        <span>Status</span>
      </div>
      <ul className="call-list__rows" aria-label="Calls">
        {calls.map((call) => (
          <li key={call.callId}>
            <Link
              to={`/calls/${call.callId}`}
              className="call-row"
              aria-label={`Receipt for the call with ${call.otherParty.name}`}
              aria-describedby={`call-row-${call.callId}`}
            >
              <span className="call-row__who">
                <HistoryParty party={call.otherParty} />
              </span>
              <span id={`call-row-${call.callId}`} className="call-row__facts">
                <Fact name="Direction" className="call-row__direction">
                  <HistoryDirection direction={call.direction} />
                </Fact>
                <Fact name="When" className="call-row__when">
                  <When iso={call.createdAt} />
                </Fact>
                <Fact name="Duration" className="call-row__duration is-end">
                  {/* A call that never connected lasted nothing worth a number. */}
                  {call.connectedAt ? formatCallDuration(call.duration) : '—'}
                </Fact>
                <Fact name="Rate" className="call-row__rate is-end">
                  {formatTokens(call.callRate)}/min
                </Fact>
                <Fact name="Tokens" className="call-row__tokens is-end">
                  {formatTokens(call.tokensUsed)}
                </Fact>
                <Fact name="Status" className="call-row__status">
                  <HistoryStatus call={call} />
                </Fact>
              </span>
              <Icon name="chevronRight" size={18} className="call-row__chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

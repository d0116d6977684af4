import { formatTokens, tokensToHundredths, hundredthsToTokens, type Call } from '@cc/contracts';
import { formatDateTime } from '../../../shared/money';
import { HistoryParty, HistoryStatus } from './HistoryParts';
import { BILLING_RULE, endReasonText, formatCallDuration } from './HistoryWords';

/** `count` minutes at `rate` tokens, exactly (hundredths inside, docs/product.md#units). */
const minutesAt = (rate: number, count: number) => hundredthsToTokens(tokensToHundredths(rate) * count);

/** The charge lines: minute 1 at 5 s, then every further minute at its first second (docs/product.md#call-billing). */
function ChargeLines({ call }: { call: Call }) {
  const minutes = call.minutesCharged;
  if (minutes === 0) {
    return (
      <tr>
        <td colSpan={3}>
          {call.connectedAt
            ? 'Nothing charged: the call was connected for less than 5 seconds.'
            : 'Nothing charged: the call was never connected.'}
        </td>
      </tr>
    );
  }
  return (
    <>
      <tr>
        <td>Minute 1, charged at 0:05</td>
        <td className="is-end">1</td>
        <td className="is-end">{formatTokens(call.callRate)}</td>
      </tr>
      {minutes > 1 ? (
        <tr>
          <td>{minutes === 2 ? 'Minute 2, charged at 1:01' : `Minutes 2–${minutes}, each charged at its first second (1:01, 2:01, …)`}</td>
          <td className="is-end">{minutes - 1}</td>
          <td className="is-end">{formatTokens(minutesAt(call.callRate, minutes - 1))}</td>
        </tr>
      ) : null}
    </>
  );
}

/** When it started, connected and ended, how long, at what rate, how many minutes were charged. */
function ReceiptFacts({ call, live }: { call: Call; live: boolean }) {
  return (
    <dl className="call-receipt__facts">
      <div>
        <dt>Started</dt>
        <dd>{formatDateTime(call.createdAt)}</dd>
      </div>
      <div>
        <dt>Connected</dt>
        <dd>{call.connectedAt ? formatDateTime(call.connectedAt) : 'Not connected'}</dd>
      </div>
      <div>
        <dt>Ended</dt>
        <dd>{call.endedAt ? formatDateTime(call.endedAt) : live ? 'Not yet' : '—'}</dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd>{formatCallDuration(call.duration)}</dd>
      </div>
      <div>
        <dt>Rate</dt>
        <dd>{formatTokens(call.callRate)} tokens per minute</dd>
      </div>
      <div>
        <dt>Minutes charged</dt>
        <dd>{call.minutesCharged}</dd>
      </div>
    </dl>
  );
}

/** The charges, line by line, and the total the caller paid. */
function ReceiptCharges({ call, outgoing }: { call: Call; outgoing: boolean }) {
  return (
    <table className="call-receipt__lines">
      <caption className="visually-hidden">Charges</caption>
      <thead>
        <tr>
          <th scope="col">Charge</th>
          <th scope="col" className="is-end">
            Minutes
          </th>
          <th scope="col" className="is-end">
            Tokens
          </th>
        </tr>
      </thead>
      <tbody>
        <ChargeLines call={call} />
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className="is-end">
            {outgoing ? 'Total tokens paid' : 'Total tokens charged to the caller'}
          </th>
          <td className="is-end call-receipt__total">{formatTokens(call.tokensUsed)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** One call as a receipt: who, when, how long, at what rate, what it cost and why it ended. Prints on its own. */
export function HistoryReceipt({ call }: { call: Call }) {
  const outgoing = call.direction === 'outgoing';
  const live = call.status === 'connected' || call.status === 'ringing' || call.status === 'initiated';
  return (
    <article className="call-receipt" aria-labelledby="call-receipt-title">
      <header className="call-receipt__head">
        <div>
          <h1 id="call-receipt-title" className="call-receipt__title">
            Call receipt
          </h1>
          {/* A short reference reads and quotes better than a UUID (issue #28); the whole id is on hover. */}
          <p className="call-receipt__muted" title={call.callId}>
            Reference CALL-{call.callId.slice(0, 8).toUpperCase()}
          </p>
        </div>
        <HistoryStatus call={call} />
      </header>

      <section className="call-receipt__who" aria-label="Who">
        <HistoryParty party={call.otherParty} size={44} />
        <p className="call-receipt__muted">{outgoing ? `You called ${call.model.name}.` : `${call.caller.name} called you.`}</p>
      </section>

      <ReceiptFacts call={call} live={live} />

      <ReceiptCharges call={call} outgoing={outgoing} />

      <section className="call-receipt__notes">
        <p>
          <strong>How it was billed.</strong> {BILLING_RULE}
        </p>
        <p>
          <strong>Why it ended.</strong> {endReasonText(call)}
        </p>
      </section>
    </article>
  );
}

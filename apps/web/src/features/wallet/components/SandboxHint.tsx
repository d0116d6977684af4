import { SANDBOX_CARDS } from '@cc/contracts';
import { Icon } from '../../../shared/ui';
import { formatCardNumber } from '../lib/card';

const CARDS = [
  { number: SANDBOX_CARDS.approved, outcome: 'approved' },
  { number: SANDBOX_CARDS.declined, outcome: 'declined' },
  { number: SANDBOX_CARDS.processingError, outcome: 'processing error' },
] as const;

/** Test mode only: the sandbox cards, one press away from the card number field. */
export function SandboxHint({ onUse }: { onUse: (number: string) => void }) {
  return (
    <div className="sandbox-hint">
      <p className="sandbox-hint__title">
        <Icon name="info" size={16} /> Test mode — no real money moves
      </p>
      <ul className="sandbox-hint__cards">
        {CARDS.map((card) => {
          const spaced = formatCardNumber(card.number);
          return (
            <li key={card.number} className="sandbox-hint__card">
              <button
                type="button"
                className="sandbox-hint__number"
                onClick={() => onUse(spaced)}
                aria-label={`Use test card ${spaced} (${card.outcome})`}
              >
                {spaced}
              </button>
              <span className="muted">{card.outcome}</span>
            </li>
          );
        })}
      </ul>
      <p className="muted">Press a number to use it. Any future expiry date and any 3-digit code work.</p>
    </div>
  );
}

import type { EarningList, EarningTotals } from '@cc/contracts';
import { moneyFor, usePayoutTerms } from '../../../shared/money';
import { Card, Icon, Skeleton, type IconName } from '../../../shared/ui';
import { formatTokens } from '../lib/format';

/** A failed load shows zeros, never figures from an earlier answer (docs/product.md#client-rules). */
export const ZERO_TOTALS: EarningTotals = { gross: 0, commission: 0, net: 0 };

const TOTALS = [
  { key: 'gross', label: 'Gross', note: 'What members paid' },
  { key: 'commission', label: 'Site commission', note: 'Kept by the site' },
  { key: 'net', label: 'Net earnings', note: 'Added to your balance' },
] as const;

/** Gross, commission and net over every earning. */
export function EarningsTotals({ totals }: { totals: EarningTotals | undefined }) {
  const { rateCents } = usePayoutTerms();
  // What the net earnings pay out at today's rate (issue #28: earnings never showed money).
  const netMoney = totals !== undefined && rateCents !== null ? moneyFor(totals.net, rateCents) : null;
  return (
    <div className="earnings-totals" aria-label="Totals" role="group">
      {TOTALS.map((card) => (
        <Card key={card.key} className={card.key === 'net' ? 'earnings-total earnings-total--net' : 'earnings-total'}>
          <p className="earnings-total__label">{card.label}</p>
          {totals === undefined ? (
            <Skeleton height={32} width="60%" />
          ) : (
            <p className="earnings-total__value">
              {formatTokens(totals[card.key])} <span className="earnings-total__unit">tokens</span>
            </p>
          )}
          <p className="muted text-sm">{card.key === 'net' && netMoney ? `${card.note}, worth ${netMoney} when paid out` : card.note}</p>
        </Card>
      ))}
    </div>
  );
}

type Source = keyof EarningList['bySource'];

const SOURCES: readonly { key: Source; label: string; icon: IconName }[] = [
  { key: 'message', label: 'Messages', icon: 'chat' },
  { key: 'tip', label: 'Tips', icon: 'star' },
  { key: 'item', label: 'Items', icon: 'store' },
  { key: 'call', label: 'Calls', icon: 'phone' },
];

/** Net earnings from each source, with what members paid and the commission under it. */
export function EarningsBySource({ bySource }: { bySource: EarningList['bySource'] | undefined }) {
  return (
    <section className="earnings-sources" aria-labelledby="earnings-sources-title">
      <h2 id="earnings-sources-title" className="visually-hidden">
        Earnings by source
      </h2>
      {SOURCES.map((source) => {
        const totals = bySource?.[source.key];
        return (
          <Card key={source.key} as="article" className="earnings-source" aria-label={source.label}>
            <div className="earnings-source__head">
              <span className="earnings-source__icon" aria-hidden="true">
                <Icon name={source.icon} size={16} />
              </span>
              <h3 className="earnings-source__title">{source.label}</h3>
            </div>
            {totals === undefined ? (
              <Skeleton height={24} width="50%" />
            ) : (
              <>
                <p className="earnings-source__net">
                  {formatTokens(totals.net)} <span className="earnings-total__unit">tokens</span>
                </p>
                <p className="earnings-source__split">
                  {formatTokens(totals.gross)} paid · {formatTokens(totals.commission)} commission
                </p>
              </>
            )}
          </Card>
        );
      })}
    </section>
  );
}

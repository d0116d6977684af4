import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { AcceptConfig, TokenPackage } from '@cc/contracts';
import { Modal, Skeleton } from '../../../shared/ui';
import { useLazyGetAcceptConfigQuery, useListSavedCardsQuery } from '../api/walletApi';
import { loadAccept } from '../lib/accept';
import { formatTokens } from '../lib/format';
import { CheckoutDone } from './CheckoutDone';
import { CheckoutForm, type FinishedOutcome } from './CheckoutForm';
import './Checkout.css';

function CheckoutSkeleton() {
  return (
    <div className="stack" role="status" aria-label="Loading the checkout">
      <Skeleton height={64} radius="var(--radius-md)" />
      <Skeleton height={44} radius="var(--radius-md)" />
      <Skeleton height={44} radius="var(--radius-md)" />
    </div>
  );
}

/** Loads what the browser needs to read a card, and the payment script itself, ahead of the press. */
function useAcceptConfig() {
  const [load, { data }] = useLazyGetAcceptConfigQuery();
  useEffect(() => {
    void load(undefined, true);
  }, [load]);
  useEffect(() => {
    if (data) loadAccept(data.scriptUrl).catch(() => undefined);
  }, [data]);
  const getConfig = useCallback(async (): Promise<AcceptConfig | null> => {
    const answer = await load(undefined, true);
    return answer.data ?? null;
  }, [load]);
  return { config: data, getConfig };
}

type CheckoutModalProps = {
  pkg: TokenPackage;
  /** Where the person came from to buy (a model's profile, to call): offered once the tokens are added. */
  back?: string | null;
  onClose: () => void;
};

/** Buying one package: the form, then the result. It cannot be closed while a payment runs. */
export function CheckoutModal({ pkg, back = null, onClose }: CheckoutModalProps) {
  const cards = useListSavedCardsQuery();
  const { config, getConfig } = useAcceptConfig();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<FinishedOutcome | null>(null);

  const finish = (outcome: FinishedOutcome) => {
    // The form goes away with this render, before it could report that its work is over.
    setBusy(false);
    setDone(outcome);
    if (outcome.kind === 'approved') toast.success(`Tokens added: ${formatTokens(outcome.payment.tokens)} tokens are in your balance.`);
  };

  const title = done ? (done.kind === 'approved' ? 'Tokens added' : 'Payment under review') : `Buy ${pkg.name}`;
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={title} size="md" dismissible={!busy}>
      {done ? (
        <CheckoutDone outcome={done} back={back} onClose={onClose} />
      ) : cards.isLoading ? (
        <CheckoutSkeleton />
      ) : (
        <CheckoutForm
          pkg={pkg}
          cards={cards.data?.items ?? []}
          config={config}
          getConfig={getConfig}
          onBusyChange={setBusy}
          onFinished={finish}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AcceptConfig, SavedCard, TokenPackage } from '@cc/contracts';
import { Alert, Button, Checkbox, Icon, RadioCards } from '../../../shared/ui';
import { usePurchaseAttempt, type PayChoice, type PayOutcome } from '../hooks/usePurchaseAttempt';
import { checkoutFormSchema, emptyCard, NEW_CARD, type CheckoutFormValues } from '../lib/checkoutForm';
import { cardLabel, formatCardExpiry, formatTokens, formatUsd } from '../lib/format';
import { CardFields } from './CardFields';
import { SandboxHint } from './SandboxHint';

export type FinishedOutcome = Extract<PayOutcome, { kind: 'approved' | 'review' }>;

type CheckoutFormProps = {
  pkg: TokenPackage;
  cards: readonly SavedCard[];
  config: AcceptConfig | undefined;
  getConfig: () => Promise<AcceptConfig | null>;
  onBusyChange: (busy: boolean) => void;
  onFinished: (outcome: FinishedOutcome) => void;
  onCancel: () => void;
};

type Problem = { tone: 'danger' | 'warning'; title: string; text: string };

function choiceOf(values: CheckoutFormValues): PayChoice {
  if (values.method !== NEW_CARD) return { kind: 'saved', paymentMethodId: values.method };
  return { kind: 'card', card: values, saveCard: values.saveCard };
}

function OrderSummary({ pkg }: { pkg: TokenPackage }) {
  return (
    <div className="checkout-summary">
      <span className="checkout-summary__icon">
        <Icon name="coin" size={22} />
      </span>
      <div className="checkout-summary__text">
        <span className="checkout-summary__name">{pkg.name}</span>
        <span className="muted text-sm">{formatTokens(pkg.tokens)} tokens</span>
      </div>
      <span className="checkout-summary__price">{formatUsd(pkg.priceCents)}</span>
    </div>
  );
}

function ProblemAlert({ problem }: { problem: Problem }) {
  const ref = useRef<HTMLDivElement>(null);
  // Braces: newer browsers return a promise from scrollIntoView, which must not become the cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);
  return (
    <div ref={ref} className="checkout__problem">
      <Alert tone={problem.tone} title={problem.title}>
        {problem.text}
      </Alert>
    </div>
  );
}

/** Pay with a saved card or a new one. A refusal is shown here; nothing else on the page changes. */
export function CheckoutForm({ pkg, cards, config, getConfig, onBusyChange, onFinished, onCancel }: CheckoutFormProps) {
  const formId = useId();
  const [problem, setProblem] = useState<Problem | null>(null);
  const { pay, paying, pendingRetry } = usePurchaseAttempt(pkg._id, getConfig);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    mode: 'onTouched',
    defaultValues: emptyCard(cards[0]?._id ?? NEW_CARD),
  });
  const method = useWatch({ control, name: 'method' });

  useEffect(() => {
    onBusyChange(paying);
  }, [paying, onBusyChange]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const outcome = await pay(choiceOf(values));
    if (!outcome) return;
    if (outcome.kind === 'refused') setProblem({ tone: 'danger', title: 'The payment did not go through', text: outcome.message });
    else if (outcome.kind === 'retry')
      setProblem({ tone: 'warning', title: 'We could not confirm the payment yet', text: outcome.message });
    else onFinished(outcome);
  });

  const options = [
    ...cards.map((card) => ({
      value: card._id,
      title: cardLabel(card.cardBrand, card.cardLast4),
      description: `Expires ${formatCardExpiry(card.expiry)}`,
    })),
    { value: NEW_CARD, title: 'New card', description: 'Enter the card details' },
  ];

  return (
    <form id={formId} className="checkout" onSubmit={onSubmit} noValidate aria-busy={paying || undefined}>
      <OrderSummary pkg={pkg} />
      <fieldset className="checkout__fields" disabled={paying}>
        {cards.length > 0 ? <RadioCards legend="Pay with" options={options} {...register('method')} /> : null}
        {method === NEW_CARD ? (
          <>
            <CardFields control={control} register={register} errors={errors} />
            <Checkbox
              label="Save this card"
              description="Pay faster next time. We keep only the last four digits."
              {...register('saveCard')}
            />
            {config?.provider === 'sandbox' ? (
              <SandboxHint onUse={(number) => setValue('cardNumber', number, { shouldValidate: true })} />
            ) : null}
          </>
        ) : null}
      </fieldset>
      <p className="checkout__secure">
        <Icon name="shieldCheck" size={14} /> Card details go straight to our payment provider. We never see or store the full number.
      </p>
      {problem ? <ProblemAlert problem={problem} /> : null}
      {/* Pinned to the bottom of the dialog while it scrolls, so Pay is always in reach (Checkout.css). */}
      <div className="checkout__actions checkout__actions--pinned">
        <Button variant="secondary" onClick={onCancel} disabled={paying}>
          Cancel
        </Button>
        <Button type="submit" loading={paying} icon={<Icon name="lock" size={16} />}>
          {paying ? 'Processing payment…' : pendingRetry ? 'Try again' : `Pay ${formatUsd(pkg.priceCents)}`}
        </Button>
      </div>
    </form>
  );
}

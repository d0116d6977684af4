import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/apiError';
import { Alert, Button, Modal } from '../../../shared/ui';
import { useLazyGetAcceptConfigQuery, useSaveCardMutation } from '../api/walletApi';
import { CardTokenError, tokenizeCard } from '../lib/accept';
import { digitsOf, parseExpiry } from '../lib/card';
import { checkoutFormSchema, emptyCard, NEW_CARD, type CheckoutFormValues } from '../lib/checkoutForm';
import { cardLabel } from '../lib/format';
import { CardFields } from './CardFields';
import { SandboxHint } from './SandboxHint';

/** Saves a card for later purchases: the card becomes a nonce in the browser, the server keeps a profile. */
export function AddCardModal({ onClose }: { onClose: () => void }) {
  const [loadConfig, { data: config }] = useLazyGetAcceptConfigQuery();
  const [saveCard] = useSaveCardMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormValues>({ resolver: zodResolver(checkoutFormSchema), mode: 'onTouched', defaultValues: emptyCard(NEW_CARD) });

  useEffect(() => {
    void loadConfig(undefined, true);
  }, [loadConfig]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const expiry = parseExpiry(values.expiry);
    const accept = (await loadConfig(undefined, true)).data;
    if (!expiry || !accept) {
      setProblem('The secure card form could not load. Check your connection and try again.');
      return;
    }
    try {
      const opaqueData = await tokenizeCard(accept, { cardNumber: digitsOf(values.cardNumber), expiry, cvc: values.cvc.trim() });
      const answer = await saveCard({ opaqueData });
      if ('error' in answer) {
        setProblem(errorMessage(answer.error));
        return;
      }
      toast.success(`${cardLabel(answer.data.cardBrand, answer.data.cardLast4)} is saved.`);
      onClose();
    } catch (error) {
      setProblem(
        error instanceof CardTokenError ? error.message : 'The secure card form could not load. Check your connection and try again.',
      );
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add a card"
      description="Saved cards make the next purchase one click. We keep only the last four digits."
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="add-card-form" loading={isSubmitting}>
            Save card
          </Button>
        </>
      }
    >
      <form id="add-card-form" className="stack" onSubmit={onSubmit} noValidate>
        <CardFields control={control} register={register} errors={errors} disabled={isSubmitting} />
        {config?.provider === 'sandbox' ? (
          <SandboxHint onUse={(number) => setValue('cardNumber', number, { shouldValidate: true })} />
        ) : null}
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
      </form>
    </Modal>
  );
}

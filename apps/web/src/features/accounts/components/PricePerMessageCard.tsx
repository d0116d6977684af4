import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { messagePriceSchema, type Me } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { formatTokens } from '../../../shared/format';
import { typedAmount } from '../../../shared/forms/typedAmount';
import { Button, Card, TextField } from '../../../shared/ui';
import { useUpdateTokenPerMessageMutation } from '../api/accountApi';

/** People type tokens ("1.50") and the wire carries tokens (1.5), checked by the contract's rule (docs/product.md#units). */
const priceFormSchema = z.object({
  price: typedAmount({ rule: messagePriceSchema, hint: 'Enter an amount like 1.50' }),
});

export function PricePerMessageCard({ user }: { user: Me }) {
  const [savePrice] = useUpdateTokenPerMessageMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(priceFormSchema),
    mode: 'onTouched',
    defaultValues: { price: formatTokens(user.tokenPerMessage) },
  });

  const onSubmit = handleSubmit(async ({ price }) => {
    const answer = await savePrice({ token: price });
    if (answer.error) {
      setError('price', { type: 'server', message: errorMessage(answer.error) });
      return;
    }
    reset({ price: formatTokens(answer.data.tokenPerMessage) });
    toast.success(
      answer.data.tokenPerMessage === 0
        ? 'Messages to you are now free.'
        : `Members now pay ${formatTokens(answer.data.tokenPerMessage)} tokens per message.`,
    );
  });

  return (
    <Card title="Price per message" description="What a member pays for each message they send you. Set 0 to make messages free.">
      <form className="price-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Price"
          inputMode="decimal"
          autoComplete="off"
          suffix="tokens"
          error={errors.price?.message}
          hint={`Now ${formatTokens(user.tokenPerMessage)} tokens`}
          {...register('price')}
        />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          Save price
        </Button>
      </form>
    </Card>
  );
}

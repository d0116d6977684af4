import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { callRateSchema, formatTokens } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { typedAmount } from '../../../shared/forms/typedAmount';
import { Button, TextField } from '../../../shared/ui';
import { useUpdateCallRateMutation } from '../api/historyApi';

/** People type tokens ("2.50"); the contract's rule checks it as the server will (docs/product.md#units). */
const rateFormSchema = z.object({
  rate: typedAmount({ rule: callRateSchema.shape.callRate, hint: 'Enter an amount like 2.50' }),
});

/** The call rate, in tokens per minute, saved through PUT /masked-call/rate. */
export function SettingsRateForm({ rate }: { rate: number }) {
  const [saveRate] = useUpdateCallRateMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(rateFormSchema),
    mode: 'onTouched',
    defaultValues: { rate: formatTokens(rate) },
  });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await saveRate({ callRate: values.rate });
    if (answer.error) {
      // What was typed stays, with the server's reason next to it.
      setError('rate', { type: 'server', message: errorMessage(answer.error) });
      return;
    }
    reset({ rate: formatTokens(answer.data.callRate) });
    toast.success(
      answer.data.callRate === 0
        ? 'Calls to you are now free.'
        : `Members now pay ${formatTokens(answer.data.callRate)} tokens per minute to call you.`,
    );
  });

  return (
    <form className="settings-inline-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Call rate"
        inputMode="decimal"
        autoComplete="off"
        suffix="tokens per minute"
        error={errors.rate?.message}
        hint={`Now ${formatTokens(rate)} tokens per minute`}
        {...register('rate')}
      />
      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        Save rate
      </Button>
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { phoneNumberSchema } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { Button, TextField } from '../../../shared/ui';
import { useUpdateCallSettingsMutation } from '../api/historyApi';

const phoneFormSchema = z.object({ phoneNumber: z.string().trim().pipe(phoneNumberSchema) });

/**
 * The phone the Twilio provider rings (docs/product.md#calls). It is the model's own: shown to her
 * here, never to anyone else.
 */
export function SettingsPhoneForm({ phoneNumber }: { phoneNumber: string | null }) {
  const [save] = useUpdateCallSettingsMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(phoneFormSchema),
    mode: 'onTouched',
    defaultValues: { phoneNumber: phoneNumber ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await save({ phoneNumber: values.phoneNumber });
    if (answer.error) {
      setError('phoneNumber', { type: 'server', message: errorMessage(answer.error) });
      return;
    }
    reset({ phoneNumber: answer.data.phoneNumber ?? '' });
    toast.success('Phone number saved. Calls ring it from now on.');
  });

  return (
    <form className="settings-inline-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+14155550123"
        error={errors.phoneNumber?.message}
        hint="With its country code. Members never see it."
        {...register('phoneNumber')}
      />
      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        Save number
      </Button>
    </form>
  );
}

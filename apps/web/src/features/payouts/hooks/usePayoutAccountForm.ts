import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { PayoutAccount } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { useSavePayoutAccountMutation } from '../api/payoutsApi';
import { ACCOUNT_FORM_FIELDS, accountFormFrom, accountFormSchema, toAccountBody, type AccountFormValues } from '../lib/accountForm';

/** The payout account form, started from the saved account, and Save with the server's field errors on their fields. */
export function usePayoutAccountForm(saved: PayoutAccount | null) {
  const [save] = useSavePayoutAccountMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    mode: 'onTouched',
    defaultValues: accountFormFrom(saved),
  });
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const answer = await save(toAccountBody(values));
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ACCOUNT_FORM_FIELDS));
      return;
    }
    // The page shows the saved account masked and starts a fresh form from it (keyed by the save).
    toast.success(`Payout account saved: ${values.type === 'paypal' ? 'PayPal' : 'bank transfer'}.`);
  });

  return { form, onSubmit, formError };
}

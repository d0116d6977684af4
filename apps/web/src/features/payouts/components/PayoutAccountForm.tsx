import { useWatch } from 'react-hook-form';
import type { PayoutAccount } from '@cc/contracts';
import { Button, FormAlert, Icon, RadioCards, TextField } from '../../../shared/ui';
import { usePayoutAccountForm } from '../hooks/usePayoutAccountForm';

const METHODS = [
  {
    value: 'bank_transfer',
    title: 'Bank transfer',
    description: 'To a bank account in your name (IBAN or account number).',
    icon: <Icon name="store" size={18} />,
  },
  { value: 'paypal', title: 'PayPal', description: 'To the e-mail address of your PayPal account.', icon: <Icon name="mail" size={18} /> },
] as const;

/**
 * Bank transfer or PayPal and its details, filled in from the saved account: the PayPal address in
 * full, the account number as the server masked it, which keeps the saved number when sent back
 * unchanged (docs/product.md#payouts).
 */
export function PayoutAccountForm({ saved }: { saved: PayoutAccount | null }) {
  const { form, onSubmit, formError } = usePayoutAccountForm(saved);
  const keepsNumber = saved?.type === 'bank_transfer';
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const method = useWatch({ control, name: 'type' });
  const bankErrors = errors.bankInfo;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Payout account">
      <FormAlert message={formError} />
      <RadioCards legend="Where should we send your money?" options={METHODS} error={errors.type?.message} {...register('type')} />
      {method === 'paypal' ? (
        <TextField
          label="PayPal e-mail"
          type="email"
          autoComplete="email"
          hint="The address you sign in to PayPal with."
          error={errors.email?.message}
          {...register('email')}
        />
      ) : (
        <div className="form-grid">
          <TextField
            label="Account holder"
            autoComplete="name"
            error={bankErrors?.beneficiaryName?.message}
            {...register('bankInfo.beneficiaryName')}
          />
          <TextField label="Bank name" error={bankErrors?.bankName?.message} {...register('bankInfo.bankName')} />
          <TextField
            label="Account number or IBAN"
            autoComplete="off"
            spellCheck={false}
            hint={
              keepsNumber
                ? 'Shown as its last four: leave it to keep your saved number, or type a new one.'
                : 'Letters and digits; spaces are fine.'
            }
            error={bankErrors?.iban?.message}
            {...register('bankInfo.iban')}
          />
          <TextField
            label="SWIFT/BIC (optional)"
            autoComplete="off"
            spellCheck={false}
            error={bankErrors?.swift?.message}
            {...register('bankInfo.swift')}
          />
          <TextField label="Bank address (optional)" error={bankErrors?.bankAddress?.message} {...register('bankInfo.bankAddress')} />
          <TextField
            label="Your address (optional)"
            autoComplete="street-address"
            error={bankErrors?.beneficiaryAddress?.message}
            {...register('bankInfo.beneficiaryAddress')}
          />
        </div>
      )}
      <div className="form-actions">
        <Button type="submit" loading={isSubmitting}>
          {saved ? 'Save new payout account' : 'Save payout account'}
        </Button>
      </div>
    </form>
  );
}

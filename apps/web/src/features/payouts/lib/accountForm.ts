import { z } from 'zod';
import { payoutAccountInputSchema, type PayoutAccount, type PayoutAccountInput, type PayoutMethod } from '@cc/contracts';

/** What the account form holds: both methods' fields, only the chosen one's are sent. */
export type AccountFormValues = {
  type: PayoutMethod;
  email: string;
  bankInfo: {
    beneficiaryName: string;
    bankName: string;
    iban: string;
    swift: string;
    bankAddress: string;
    beneficiaryAddress: string;
  };
};

export const ACCOUNT_FORM_FIELDS = [
  'type',
  'email',
  'bankInfo.beneficiaryName',
  'bankInfo.bankName',
  'bankInfo.iban',
  'bankInfo.swift',
  'bankInfo.bankAddress',
  'bankInfo.beneficiaryAddress',
] as const;

export const emptyAccountForm = (type: PayoutMethod = 'paypal'): AccountFormValues => ({
  type,
  email: '',
  bankInfo: { beneficiaryName: '', bankName: '', iban: '', swift: '', bankAddress: '', beneficiaryAddress: '' },
});

/**
 * The form filled in from the saved account, as the server reads it back: the PayPal address in
 * full, a bank's details with the account number masked (sent back as it is, it keeps the number).
 */
export function accountFormFrom(saved: PayoutAccount | null): AccountFormValues {
  const form = emptyAccountForm(saved?.type ?? 'paypal');
  if (saved?.type === 'paypal') form.email = saved.email ?? '';
  if (saved?.type === 'bank_transfer' && saved.bankInfo) {
    const { beneficiaryName, bankName, iban, swift, bankAddress, beneficiaryAddress } = saved.bankInfo;
    form.bankInfo = {
      beneficiaryName,
      bankName,
      iban,
      swift: swift ?? '',
      bankAddress: bankAddress ?? '',
      beneficiaryAddress: beneficiaryAddress ?? '',
    };
  }
  return form;
}

/** The body for POST /payout-account/: the chosen method and its own fields, empty optional ones left out. */
export function toAccountBody(values: AccountFormValues): PayoutAccountInput {
  if (values.type === 'paypal') return { type: 'paypal', email: values.email };
  const { swift, bankAddress, beneficiaryAddress, ...required } = values.bankInfo;
  const optional = Object.entries({ swift, bankAddress, beneficiaryAddress }).filter(([, value]) => value.trim() !== '');
  return { type: 'bank_transfer', bankInfo: { ...required, ...Object.fromEntries(optional) } };
}

/**
 * Checks the form with the contract's own schema, so it refuses exactly what the server would, and
 * says so next to each field (`email`, `bankInfo.iban`, …).
 */
export const accountFormSchema = z.custom<AccountFormValues>().superRefine((values, ctx) => {
  const checked = payoutAccountInputSchema.safeParse(toAccountBody(values));
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

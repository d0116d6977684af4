import { useState } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { formatTokens, formatUsd, parseTokens, type TokenPackage } from '@cc/contracts';
import { errorMessage, fieldErrors } from '../../../../shared/api/apiError';
import { centsPerToken } from '../../../../shared/money';
import { FormModalFooter } from '../../shared/components/FormModalFooter';
import { Alert, Checkbox, Modal, TextField } from '../../../../shared/ui';
import { useCreateTokenPackageMutation, useUpdateTokenPackageMutation } from '../api/adminWalletApi';
import {
  emptyPackageForm,
  PACKAGE_FORM_FIELDS,
  packageFormSchema,
  packageToForm,
  parseDollars,
  SERVER_FIELD,
  type PackageFormValues,
} from './packageForm';

export type PackageEditor = { mode: 'add'; nextOrder: number } | { mode: 'edit'; pkg: TokenPackage };

/** Puts the server's per-field messages next to the inputs; returns what is left for the form. */
function placeServerErrors(error: unknown, setError: UseFormSetError<PackageFormValues>): string | null {
  const known = new Set<string>(PACKAGE_FORM_FIELDS);
  let placed = false;
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const name = SERVER_FIELD[field] ?? field;
    if (!known.has(name)) continue;
    setError(name as (typeof PACKAGE_FORM_FIELDS)[number], { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : errorMessage(error);
}

/** "1,000.00 tokens for $9.99 — $0.01 per token", as the administrator types. */
function PackagePreview({ tokens, price }: { tokens: string; price: string }) {
  const typedTokens = parseTokens(tokens);
  const cents = parseDollars(price);
  if (!typedTokens || !cents) return <p className="muted text-sm">Members will see the tokens, the price and the price per token.</p>;
  return (
    <p className="text-sm" role="status">
      Members see <strong>{formatTokens(typedTokens)} tokens</strong> for <strong>{formatUsd(cents)}</strong> —{' '}
      {formatUsd(centsPerToken({ tokens: typedTokens, priceCents: cents }))} per token.
    </p>
  );
}

/** Add or change a token package. Tokens and price are typed the way people say them. */
export function PackageFormModal({ editor, onClose }: { editor: PackageEditor; onClose: () => void }) {
  const [create] = useCreateTokenPackageMutation();
  const [update] = useUpdateTokenPackageMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(packageFormSchema),
    mode: 'onTouched',
    defaultValues: editor.mode === 'edit' ? packageToForm(editor.pkg) : emptyPackageForm(editor.nextOrder),
  });
  const [tokens, price] = useWatch({ control, name: ['tokens', 'price'] });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    const result = editor.mode === 'add' ? await create(input) : await update({ id: editor.pkg._id, changes: input });
    if ('error' in result) {
      setFormError(placeServerErrors(result.error, setError));
      return;
    }
    toast.success(editor.mode === 'add' ? `“${input.name}” is on sale.` : `“${input.name}” was saved.`);
    onClose();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="md"
      dismissible={!isSubmitting}
      title={editor.mode === 'add' ? 'Add a package' : `Edit “${editor.pkg.name}”`}
      description="Payments already made keep the tokens and price they were made with."
      footer={
        <FormModalFooter
          formId="package-form"
          submitLabel={editor.mode === 'add' ? 'Add package' : 'Save package'}
          busy={isSubmitting}
          onCancel={onClose}
        />
      }
    >
      <form id="package-form" className="stack" onSubmit={onSubmit} noValidate>
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <TextField label="Name" autoComplete="off" autoFocus placeholder="Starter" error={errors.name?.message} {...register('name')} />
        <div className="form-grid">
          <TextField
            label="Tokens"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1,000"
            suffix="tokens"
            error={errors.tokens?.message}
            {...register('tokens')}
          />
          <TextField
            label="Price"
            inputMode="decimal"
            autoComplete="off"
            placeholder="9.99"
            suffix="USD"
            error={errors.price?.message}
            {...register('price')}
          />
        </div>
        <PackagePreview tokens={tokens} price={price} />
        <TextField
          label="Order"
          inputMode="numeric"
          autoComplete="off"
          hint="Lower numbers come first on the tokens page."
          error={errors.ordering?.message}
          {...register('ordering')}
        />
        <Checkbox label="On sale" description="Untick to keep the package but hide it from members." {...register('active')} />
      </form>
    </Modal>
  );
}

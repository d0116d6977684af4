import { Link } from 'react-router';
import type { PublicUser } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { Alert, Button, Modal, TextAreaField, TextField } from '../../../shared/ui';
import { useTipForm } from '../hooks/useTipForm';
import { TIP_NOTE_MAX, TIP_PRESETS } from '../lib/tipForm';
import './TipModal.css';

/** 'Send a tip': tokens to a model with an optional note (docs/product.md#ledger). Amounts are tokens throughout. */
export function TipModal({ model, onClose }: { model: Pick<PublicUser, '_id' | 'name'>; onClose: () => void }) {
  const { form, onSubmit, problem, typed, noteLength, balance, short } = useTipForm(model, onClose);
  const {
    register,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Send a tip to ${model.name}`}
      description="Tips go straight to the creator's earnings. They are not refundable."
      dismissible={!isSubmitting}
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Send a tip">
        {problem ? (
          <Alert tone="danger" action={problem.needsTokens ? <Link to="/tokens">Buy tokens</Link> : undefined}>
            {problem.message}
          </Alert>
        ) : null}
        <TipPresets typed={typed} onPick={(preset) => setValue('amount', String(preset), { shouldValidate: true, shouldDirty: true })} />
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          suffix="tokens"
          error={errors.amount?.message ?? (short ? `Your balance is ${formatTokens(balance)} tokens` : undefined)}
          hint={`Your balance: ${formatTokens(balance)} tokens`}
          {...register('amount')}
        />
        <TextAreaField
          label="Note (optional)"
          rows={3}
          maxLength={TIP_NOTE_MAX}
          placeholder="Say something nice"
          hint={`${noteLength} / ${TIP_NOTE_MAX} characters`}
          error={errors.note?.message}
          {...register('note')}
        />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={short}>
            {typed !== null && typed > 0 ? `Tip ${formatTokens(typed)} tokens` : 'Send tip'}
          </Button>
        </div>
        {short ? (
          <p className="muted text-sm">
            Not enough tokens? <Link to="/tokens">Buy tokens</Link>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

/** Quick amounts: one press fills in the amount. */
function TipPresets({ typed, onPick }: { typed: number | null; onPick: (preset: number) => void }) {
  return (
    <div className="tip-presets" role="group" aria-label="Quick amounts">
      {TIP_PRESETS.map((preset) => (
        <button key={preset} type="button" className="tip-presets__option" aria-pressed={typed === preset} onClick={() => onPick(preset)}>
          {preset}
        </button>
      ))}
    </div>
  );
}

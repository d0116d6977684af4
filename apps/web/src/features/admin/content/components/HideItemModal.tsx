import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { HIDE_REASON_MAX, hideItemSchema, type AdminItemRow } from '@cc/contracts';
import { applyServerErrors } from '../../../../shared/forms/serverErrors';
import { Alert, Button, Modal, TextAreaField } from '../../../../shared/ui';
import { useHideSellItemMutation } from '../api/adminItemsApi';
import './SellItems.css';

type HideItemModalProps = {
  item: AdminItemRow;
  onClose: () => void;
  /** The item as the server answered it, hidden. */
  onHidden: (item: AdminItemRow) => void;
};

/**
 * Takes an item out of its model's store with the reason she will read next to it (1 to 500
 * characters, docs/product.md#marketplace). The server's refusal (already hidden, removed by its
 * model) is shown here, and what was typed stays.
 */
export function HideItemModal({ item, onClose, onHidden }: HideItemModalProps) {
  const [hide] = useHideSellItemMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(hideItemSchema), mode: 'onTouched', defaultValues: { reason: '' } });
  const length = (useWatch({ control, name: 'reason' }) ?? '').length;

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFormError(null);
    const result = await hide({ id: item._id, reason });
    if ('error' in result) {
      setFormError(applyServerErrors(result.error, setError, ['reason']));
      return;
    }
    toast.success('Hidden from the store.');
    onHidden(result.data);
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="md"
      dismissible={!isSubmitting}
      title={`Hide “${item.name}” from the store?`}
      description={`Nobody can see or buy it in @${item.model.username}'s store until you restore it. Members who bought it keep it, and ${item.model.name} sees it marked hidden with your reason.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="hide-item-form" variant="danger" loading={isSubmitting}>
            Hide from store
          </Button>
        </>
      }
    >
      <form id="hide-item-form" className="stack" onSubmit={onSubmit} noValidate>
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <TextAreaField
          label="Reason"
          rows={4}
          autoFocus
          placeholder="The photo shows a person who did not agree to be in it."
          hint={`${item.model.name} reads this next to the item, so say what breaks the rules.`}
          labelAside={
            <span className={length > HIDE_REASON_MAX ? 'admin-count is-over' : 'admin-count'}>
              {length}/{HIDE_REASON_MAX}
              <span className="visually-hidden"> characters</span>
            </span>
          }
          error={errors.reason?.message}
          disabled={isSubmitting}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}

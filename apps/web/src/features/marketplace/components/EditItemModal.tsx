import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { SellItem } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { formatTokens } from '../../../shared/format';
import { Alert, Button, Modal } from '../../../shared/ui';
import { useUpdateItemMutation } from '../api/marketplaceApi';
import { ITEM_FORM_FIELDS, itemFormSchema, type ItemFormInput, type ItemFormValues } from '../lib/itemForm';
import { ItemFields } from './ItemFields';

/** Changes an item's name, description or price. Buyers who already bought it keep what they paid and got. */
export function EditItemModal({ item, onClose }: { item: SellItem; onClose: () => void }) {
  const [updateItem] = useUpdateItemMutation();
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ItemFormInput, unknown, ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    mode: 'onTouched',
    // The price as people type it: "1,234.5" is read back the same (docs/product.md#units).
    defaultValues: { name: item.name, description: item.description, price: formatTokens(item.price) },
  });
  const descriptionLength = useWatch({ control, name: 'description' })?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    setFormProblem(null);
    const answer = await updateItem({ id: item._id, body: values });
    if (answer.error) {
      setFormProblem(applyServerErrors(answer.error, setError, ITEM_FORM_FIELDS));
      return;
    }
    toast.success('Changes saved.');
    onClose();
  });

  return (
    <Modal
      open
      size="md"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit ${item.name}`}
      description="A new price applies to the next buyers; those who bought it keep their download."
      dismissible={!isSubmitting}
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Edit item">
        <ItemFields register={register} errors={errors} descriptionLength={descriptionLength} />
        {formProblem ? <Alert tone="danger">{formProblem}</Alert> : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}

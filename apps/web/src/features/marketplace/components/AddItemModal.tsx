import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { mediaProblem } from '../../../shared/media/mediaRules';
import { useMediaUpload } from '../../../shared/media/useMediaUpload';
import { Alert, Button, Modal } from '../../../shared/ui';
import { useCreateItemMutation } from '../api/marketplaceApi';
import { ITEM_FORM_FIELDS, itemFormSchema, nameFromFile, type ItemFormInput, type ItemFormValues } from '../lib/itemForm';
import { ItemFields } from './ItemFields';
import { UploadPicker } from './UploadPicker';

/**
 * "Add item": the model uploads the photo, video or file first (with its progress), then names,
 * describes and prices it and puts it on sale (docs/product.md#marketplace). Closing stops an
 * upload under way; nothing is on sale until "Put on sale" succeeds.
 */
export function AddItemModal({ onClose }: { onClose: () => void }) {
  const { upload, problem, choose } = useMediaUpload('sold');
  const [createItem] = useCreateItemMutation();
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ItemFormInput, unknown, ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', description: '', price: '' },
  });
  const descriptionLength = useWatch({ control, name: 'description' })?.length ?? 0;
  const uploading = upload !== null && upload.media === null;

  const onChoose = (file: File) => {
    // A starting name the model can change, from a file that will be taken; a name already typed stays.
    if (!mediaProblem(file, 'sold') && !getValues('name').trim()) setValue('name', nameFromFile(file.name));
    void choose(file);
  };

  const onSubmit = handleSubmit(async ({ name, description, price }) => {
    setFormProblem(null);
    if (!upload?.media) {
      setFormProblem(uploading ? 'Wait for the upload to finish.' : 'Choose the photo, video or file to sell first.');
      return;
    }
    const answer = await createItem({ mediaId: upload.media._id, name, description, price });
    if (answer.error) {
      setFormProblem(applyServerErrors(answer.error, setError, ITEM_FORM_FIELDS));
      return;
    }
    toast.success(`${answer.data.name} is on sale.`);
    onClose();
  });

  return (
    <Modal
      open
      size="md"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add item"
      description="Shoppers see a blurred preview; buyers see it clear and get the original file."
      dismissible={!isSubmitting}
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Add item">
        <UploadPicker upload={upload} onChoose={onChoose} disabled={isSubmitting} />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <ItemFields register={register} errors={errors} descriptionLength={descriptionLength} />
        {formProblem ? <Alert tone="danger">{formProblem}</Alert> : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!upload?.media}>
            {uploading ? 'Uploading…' : 'Put on sale'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../shared/ui';
import { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX, type ItemFormInput } from '../lib/itemForm';

type Props = {
  register: UseFormRegister<ItemFormInput>;
  errors: FieldErrors<ItemFormInput>;
  descriptionLength: number;
};

/** Name, description and price, as the add and edit forms both ask them. */
export function ItemFields({ register, errors, descriptionLength }: Props) {
  return (
    <>
      <TextField label="Name" autoComplete="off" maxLength={ITEM_NAME_MAX} error={errors.name?.message} {...register('name')} />
      <TextAreaField
        label="Description (optional)"
        rows={3}
        maxLength={ITEM_DESCRIPTION_MAX}
        placeholder="What buyers get"
        hint={`${descriptionLength} / ${ITEM_DESCRIPTION_MAX} characters`}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Price"
        inputMode="decimal"
        autoComplete="off"
        suffix="tokens"
        hint="What a buyer pays, from 1.00 to 100,000.00 tokens"
        error={errors.price?.message}
        {...register('price')}
      />
    </>
  );
}

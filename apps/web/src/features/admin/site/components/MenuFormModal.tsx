import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AdminMenuItem } from '@cc/contracts';
import { applyServerErrors } from '../../../../shared/forms/serverErrors';
import { FormModalFooter } from '../../shared/components/FormModalFooter';
import { Alert, Checkbox, Modal, TextField } from '../../../../shared/ui';
import { useCreateMenuMutation, useUpdateMenuMutation } from '../api/adminSiteApi';
import { MENU_FORM_FIELDS, menuFormSchema, type MenuFormValues } from './menuForm';

export type MenuEditor = { mode: 'add'; section: string } | { mode: 'edit'; item: AdminMenuItem };

type MenuFormModalProps = {
  editor: MenuEditor;
  sections: readonly string[];
  /** How many links each section has, so a link added to (or moved into) a section goes last. */
  sizeOf: (section: string) => number;
  onClose: () => void;
  onSaved: (section: string) => void;
};

/** The fields as the modal opens: the link's own, or an empty link in the section picked. */
function initialValues(editor: MenuFormModalProps['editor']): MenuFormValues {
  return editor.mode === 'edit'
    ? { title: editor.item.title, path: editor.item.path, openNewTab: editor.item.openNewTab, section: editor.item.section }
    : { title: '', path: '', openNewTab: false, section: editor.section };
}

/** Add or change one link. Mounted per use, so its fields always start from what is edited. */
export function MenuFormModal({ editor, sections, sizeOf, onClose, onSaved }: MenuFormModalProps) {
  const listId = useId();
  const [create] = useCreateMenuMutation();
  const [update] = useUpdateMenuMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(menuFormSchema), mode: 'onTouched', defaultValues: initialValues(editor) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result =
      editor.mode === 'add'
        ? await create({ ...values, ordering: sizeOf(values.section) })
        : await update({
            id: editor.item._id,
            changes: values.section === editor.item.section ? values : { ...values, ordering: sizeOf(values.section) },
          });
    if ('error' in result) {
      setFormError(applyServerErrors(result.error, setError, MENU_FORM_FIELDS));
      return;
    }
    toast.success(editor.mode === 'add' ? `“${values.title}” was added.` : `“${values.title}” was saved.`);
    onSaved(values.section);
  });

  const formId = `${listId}-form`;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="md"
      dismissible={!isSubmitting}
      title={editor.mode === 'add' ? 'Add a link' : 'Edit link'}
      description="Links open a page of this site (/terms) or another site (https://…, mailto:…)."
      footer={
        <FormModalFooter
          formId={formId}
          submitLabel={editor.mode === 'add' ? 'Add link' : 'Save link'}
          busy={isSubmitting}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} className="stack" onSubmit={onSubmit} noValidate>
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <TextField label="Title" autoComplete="off" autoFocus error={errors.title?.message} {...register('title')} />
        <TextField
          label="Path or address"
          autoComplete="off"
          placeholder="/terms"
          spellCheck={false}
          error={errors.path?.message}
          {...register('path')}
        />
        <TextField
          label="Section"
          autoComplete="off"
          list={listId}
          spellCheck={false}
          hint="Where the link appears. “footer” is the site footer; a new name starts a new section."
          error={errors.section?.message}
          {...register('section')}
        />
        <datalist id={listId}>
          {sections.map((section) => (
            <option key={section} value={section} />
          ))}
        </datalist>
        <Checkbox label="Open in a new tab" description="Useful for links to other sites." {...register('openNewTab')} />
      </form>
    </Modal>
  );
}

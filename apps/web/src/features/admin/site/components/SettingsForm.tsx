import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Settings } from '@cc/contracts';
import { applyServerErrors } from '../../../../shared/forms/serverErrors';
import { Alert, Button } from '../../../../shared/ui';
import { useUpdateSettingsMutation } from '../api/adminSiteApi';
import { FooterFields } from './FooterFields';
import { SettingsCards } from './SettingsCards';
import { SETTINGS_FORM_FIELDS, settingsFormSchema, toFormValues, toUpdate, withFormFieldNames } from './settingsForm';

/** Site name, contact, money rules, calls and the footer, saved together in one request. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const [save] = useUpdateSettingsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({ resolver: zodResolver(settingsFormSchema), mode: 'onTouched', defaultValues: toFormValues(settings) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await save(toUpdate(values));
    if ('error' in result) {
      // Field errors go next to their inputs; what typed stays in the form.
      const left = applyServerErrors(withFormFieldNames(result.error), setError, SETTINGS_FORM_FIELDS);
      setFormError(left);
      toast.error(left ?? 'Some settings need fixing before they can be saved.');
      return;
    }
    reset(toFormValues(result.data));
    toast.success('Settings saved. The site uses them right away.');
  });

  return (
    <form className="admin-settings__form" onSubmit={onSubmit} noValidate aria-label="Site settings">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <SettingsCards register={register} errors={errors} />
      <FooterFields register={register} control={control} errors={errors} />
      {/* Unsaved changes keep the save row in view while the long form scrolls. */}
      <div className={isDirty ? 'admin-settings__savebar admin-settings__savebar--pending' : 'admin-settings__savebar'}>
        <p className="muted text-sm" role="status">
          {isSubmitting ? 'Saving…' : isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <div className="cluster">
          <Button variant="ghost" onClick={() => reset()} disabled={!isDirty || isSubmitting}>
            Discard changes
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save settings
          </Button>
        </div>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Settings } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Alert, Button, Card, Checkbox, TextField } from '../../../shared/ui';
import { useUpdateSettingsMutation } from '../api/adminApi';
import { FooterFields } from './FooterFields';
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
      <Card title="General" description="How the site names itself and where people can reach you.">
        <div className="admin-settings__grid">
          <TextField
            label="Site name"
            autoComplete="off"
            error={errors.siteName?.message}
            hint="Shown in the top bar, the footer and the browser tab."
            {...register('siteName')}
          />
          <TextField
            label="Contact e-mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            error={errors.contactEmail?.message}
            hint="Where the contact form sends messages. Leave empty to use the administrator's address."
            {...register('contactEmail')}
          />
        </div>
      </Card>
      <Card title="Money" description="Applied to new sales and payout requests from now on.">
        <div className="admin-settings__grid">
          <TextField
            label="Commission (%)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.siteCommission?.message}
            hint="The share of each sale the site keeps, 0–100."
            {...register('siteCommission')}
          />
          <TextField
            label="Minimum payout (tokens)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.minPayout?.message}
            hint="The smallest amount a model may ask to be paid out."
            {...register('minPayout')}
          />
          <TextField
            label="Payout rate ($ a token)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.payoutRate?.message}
            hint="What one token pays a model, like 0.08. A request keeps the rate of the day it was made."
            {...register('payoutRate')}
          />
          <TextField
            label="Sign-up tokens"
            inputMode="decimal"
            autoComplete="off"
            error={errors.signupFreeTokens?.message}
            hint="Given to every new member when they sign up, 0–1,000 (0 gives none). Models get none."
            {...register('signupFreeTokens')}
          />
        </div>
      </Card>
      <Card title="Calls" description="Applied to calls placed from now on.">
        <div className="admin-settings__grid">
          <TextField
            label="Ring time (seconds)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.callRingSeconds?.message}
            hint="How long a call rings before it counts as missed, 10–120."
            {...register('callRingSeconds')}
          />
        </div>
      </Card>
      <Card title="Other clients" description="Apps of the older xChat family can use this site as their server.">
        <Checkbox
          label="Send the xChat client's live events"
          description="Messages, balances, blocks, sales and tips are also sent under the event names that app listens for. Our own site does not need them; turning them off saves about two events per message."
          {...register('legacySocketEvents')}
        />
      </Card>
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

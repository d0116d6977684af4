import { useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { updatePasswordSchema } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, Card, PageHeader, PasswordField } from '../../../shared/ui';
import { useUpdatePasswordMutation } from '../api/accountApi';

export default function PasswordPage() {
  const [updatePassword] = useUpdatePasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(updatePasswordSchema), mode: 'onTouched', defaultValues: { currentPassword: '', newPassword: '' } });

  const typedPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const answer = await updatePassword(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['currentPassword', 'newPassword']));
      return;
    }
    reset();
    toast.success('Your password is changed. Other devices have been signed out.');
  });

  return (
    <>
      <PageHeader title="Password" description="Change the password you sign in with. Other devices are signed out when you do." />
      <Card title="Change password">
        <form className="stack" onSubmit={onSubmit} noValidate>
          <FormAlert message={formError} />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            labelAside={
              <Link to="/auth/forgot" className="text-sm">
                Forgot it?
              </Link>
            }
            {...register('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            checklistFor={typedPassword}
            {...register('newPassword')}
          />
          <div className="form-actions">
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

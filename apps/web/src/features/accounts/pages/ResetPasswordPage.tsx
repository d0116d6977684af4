import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode, resetPasswordSchema } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Alert, FormAlert, Button, ButtonLink, PasswordField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { useResetPasswordMutation } from '../api/authApi';

const formSchema = resetPasswordSchema.pick({ password: true });

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [reset] = useResetPasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkExpired, setLinkExpired] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(formSchema), mode: 'onTouched', defaultValues: { password: '' } });

  const typedPassword = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    const answer = await reset({ token, password });
    if (answer.error) {
      if (isApiError(answer.error) && answer.error.code === ErrorCode.INVALID_RESET_TOKEN) {
        setLinkExpired(true);
        return;
      }
      setFormError(applyServerErrors(answer.error, setError, ['password']));
      return;
    }
    navigate('/auth/login?reset=1', { replace: true });
  });

  if (linkExpired) {
    return (
      <AuthLayout title="This link has expired">
        <Alert tone="warning">Reset links work once and only for a limited time. Ask for a new one and use the latest e-mail.</Alert>
        <ButtonLink to="/auth/forgot" block>
          Send me a new link
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Pick something you don't use anywhere else."
      footer={
        <>
          Changed your mind? <Link to="/auth/login">Sign in</Link>
        </>
      }
    >
      <FormAlert message={formError} />
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          checklistFor={typedPassword}
          {...register('password')}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Save new password
        </Button>
      </form>
    </AuthLayout>
  );
}

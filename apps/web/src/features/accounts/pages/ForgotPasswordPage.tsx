import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Alert, FormAlert, Button, ButtonLink, TextField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { useForgotPasswordMutation } from '../api/authApi';

export default function ForgotPasswordPage() {
  const [forgot] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailOnlySchema), mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const answer = await forgot(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['email']));
      return;
    }
    setSentTo(values.email);
  });

  if (sentTo) {
    // The same answer whether or not an account exists, so the page does not reveal who is registered.
    return (
      <AuthLayout title="Check your inbox">
        <Alert tone="success">
          If an account exists for {sentTo}, we have sent it a link to choose a new password. The link works once.
        </Alert>
        <p className="muted text-sm">No e-mail after a few minutes? Check your spam folder, or try again.</p>
        <ButtonLink to="/auth/login" variant="secondary" block>
          Back to sign in
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail you signed up with and we'll send you a link to set a new one."
      footer={
        <>
          Remembered it? <Link to="/auth/login">Sign in</Link>
        </>
      }
    >
      <FormAlert message={formError} />
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}

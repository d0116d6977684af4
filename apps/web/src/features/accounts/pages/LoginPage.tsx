import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { forgetSessionEnd, rememberedSessionEnd } from '../../../shared/api/navigation';
import { Alert, FormAlert, Button, ButtonLink, Checkbox, PasswordField, TextField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { ContactUsText } from '../components/ContactUsText';
import { useSignIn } from '../hooks/useSignIn';
import { arrivalNotice } from '../lib/arrivalNotice';

/** /auth/login — signing in, with why the person arrived here (signed out, a session ended) said first. */
export default function LoginPage() {
  const [params] = useSearchParams();
  // Kept from the first render; the tab forgets the reason once the page has shown it.
  const [remembered] = useState(rememberedSessionEnd);
  useEffect(forgetSessionEnd, []);
  const notice = arrivalNotice(params, remembered);
  const { form, onSubmit, formError, closedAccount, unverifiedEmail } = useSignIn(params);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to chat with your favourite creators."
      footer={
        <>
          New here? <Link to="/auth/register">Create an account</Link>
        </>
      }
    >
      {notice ? (
        <Alert tone={notice.tone}>
          <ContactUsText text={notice.text} />
        </Alert>
      ) : null}
      {closedAccount ? (
        <Alert tone="danger">
          <ContactUsText text={closedAccount} />
        </Alert>
      ) : null}
      {unverifiedEmail ? (
        <Alert
          tone="warning"
          title="Confirm your e-mail first"
          action={
            <ButtonLink size="sm" to={`/auth/verify?email=${encodeURIComponent(unverifiedEmail)}`}>
              Enter my code
            </ButtonLink>
          }
        >
          We sent a 6-digit code to {unverifiedEmail}. Enter it to finish setting up your account — you can ask for a new one there too.
        </Alert>
      ) : null}
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
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <Link to="/auth/forgot" className="auth-inline-link">
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <Checkbox label="Keep me signed in" description="Stay signed in on this device for a year." {...register('keepLogin')} />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}

import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { ErrorCode } from '@cc/contracts';
import { useAppDispatch } from '../../../shared/store/hooks';
import { login } from '../../../shared/auth/loginThunk';
import { forgetSessionEnd, rememberedSessionEnd, safeNext } from '../../../shared/api/navigation';
import { lazyResolver } from '../../../shared/forms/lazyResolver';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Alert, FormAlert, Button, ButtonLink, Checkbox, PasswordField, TextField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { ContactUsText } from '../components/ContactUsText';
import { arrivalNotice } from '../lib/arrivalNotice';

// The form's rules load when it is first checked: the page is usable before zod arrives (issue #11).
const loginResolver = lazyResolver(() => import('../lib/loginResolver').then((module) => module.loginResolver));

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const [closedAccount, setClosedAccount] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // Kept from the first render; the tab forgets the reason once the page has shown it.
  const [remembered] = useState(rememberedSessionEnd);
  useEffect(forgetSessionEnd, []);
  const notice = arrivalNotice(params, remembered);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { email: params.get('email') ?? '', password: '', keepLogin: true },
  });

  // Ready to type: the e-mail, or the password when the e-mail is already filled in (after confirming it).
  const emailGiven = Boolean(params.get('email'));
  useEffect(() => setFocus(emailGiven ? 'password' : 'email'), [emailGiven, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setClosedAccount(null);
    setUnverifiedEmail(null);
    const result = await dispatch(login(values));
    if (login.fulfilled.match(result)) {
      navigate(safeNext(params.get('next')), { replace: true });
      return;
    }
    const error = result.payload;
    if (error?.code === ErrorCode.EMAIL_NOT_VERIFIED) {
      setUnverifiedEmail(values.email);
      return;
    }
    if (error?.code === ErrorCode.ACCOUNT_DEACTIVATED && error.msg) {
      setClosedAccount(error.msg);
      return;
    }
    setFormError(applyServerErrors(error, setError, ['email', 'password']));
  });

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

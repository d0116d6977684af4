import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { emailSchema, verifyEmailSchema } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, TextField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { useResendVerifyCodeMutation, useVerifyEmailMutation } from '../api/authApi';

/** Seconds before another code may be asked for, so an impatient double click sends one mail. */
const RESEND_COOLDOWN_S = 30;

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(RESEND_COOLDOWN_S)] as const;
}

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [verify] = useVerifyEmailMutation();
  const [resend, resendState] = useResendVerifyCodeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCountdown();

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(verifyEmailSchema),
    mode: 'onTouched',
    defaultValues: { email: params.get('email') ?? '', verifyCode: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const answer = await verify(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['email', 'verifyCode']));
      return;
    }
    navigate(`/auth/login?verified=1&email=${encodeURIComponent(values.email)}`, { replace: true });
  });

  const onResend = async () => {
    if (!(await trigger('email'))) return;
    const email = emailSchema.parse(getValues('email'));
    const answer = await resend({ email });
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return;
    }
    startCooldown();
    toast.success(`A new code is on its way to ${email}.`);
  };

  return (
    <AuthLayout
      title="Confirm your e-mail"
      subtitle="We sent a 6-digit code to your inbox. It is valid for 30 minutes."
      footer={
        <>
          Already confirmed? <Link to="/auth/login">Sign in</Link>
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
        <TextField
          label="Code"
          inputClassName="ui-input--code"
          hint="The 6 digits from the e-mail."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          error={errors.verifyCode?.message}
          {...register('verifyCode')}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Verify
        </Button>
        <Button variant="ghost" block onClick={onResend} loading={resendState.isLoading} disabled={cooldown > 0}>
          {cooldown > 0 ? `Send a new code (${cooldown} s)` : 'Send a new code'}
        </Button>
      </form>
    </AuthLayout>
  );
}

import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { registerSchema } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Checkbox, FormAlert, Button, Icon, PasswordField, RadioCards, TextField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { useRegisterMutation } from '../api/authApi';

const ACCOUNT_TYPES = [
  { value: 'user', title: 'Member', description: 'Chat with creators, buy tokens and call.', icon: <Icon name="chat" size={20} /> },
  { value: 'model', title: 'Creator', description: 'Earn from messages, items and paid calls.', icon: <Icon name="star" size={20} /> },
] as const;

const FIELDS = ['name', 'username', 'email', 'password', 'type'] as const;

/**
 * The contract's fields, and the confirmation a person gives before joining (issue #28: sign-up had
 * no age confirmation). The API does not ask for it (spec section 7 names no such field), so it
 * stays in the form.
 */
const registerFormSchema = registerSchema.extend({
  adult: z.boolean().refine((yes) => yes, 'Confirm that you are 18 or older to join'),
});

/** "Join as a creator" links here with `?type=model`; anything else starts as a member. */
const accountTypeFrom = (params: URLSearchParams) => (params.get('type') === 'model' ? 'model' : 'user');

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [registerAccount] = useRegisterMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', username: '', email: '', password: '', type: accountTypeFrom(params), adult: false },
  });

  const typedPassword = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ adult: _confirmed, ...values }) => {
    setFormError(null);
    const answer = await registerAccount(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, FIELDS));
      return;
    }
    navigate(`/auth/verify?email=${encodeURIComponent(answer.data.email || values.email)}`);
  });

  return (
    <AuthLayout
      wide
      title="Create your account"
      subtitle="It takes a minute. We'll e-mail you a code to confirm it's you."
      footer={
        <>
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <RadioCards legend="I want to join as" options={ACCOUNT_TYPES} error={errors.type?.message} {...register('type')} />
        <div className="auth-form__split">
          <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint="Letters, digits, dots and _"
            error={errors.username?.message}
            {...register('username')}
          />
        </div>
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
          autoComplete="new-password"
          error={errors.password?.message}
          checklistFor={typedPassword}
          {...register('password')}
        />
        <div>
          <Checkbox
            label="I am 18 or older"
            description="Creators and members on this site must be adults."
            aria-invalid={errors.adult ? true : undefined}
            {...register('adult')}
          />
          {errors.adult?.message ? (
            <p className="ui-field__error" role="alert">
              {errors.adult.message}
            </p>
          ) : null}
        </div>
        <FormAlert message={formError} />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}

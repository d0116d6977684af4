import { Link, useSearchParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import { Checkbox, FormAlert, Button, Icon, PasswordField, RadioCards, TextField } from '../../../shared/ui';
import { AuthLayout } from '../components/AuthLayout';
import { useRegistration } from '../hooks/useRegistration';

const ACCOUNT_TYPES = [
  { value: 'user', title: 'Member', description: 'Chat with creators, buy tokens and call.', icon: <Icon name="chat" size={20} /> },
  { value: 'model', title: 'Creator', description: 'Earn from messages, items and paid calls.', icon: <Icon name="star" size={20} /> },
] as const;

/** /auth/register — joining as a member or a creator, with the password's rules shown as they are met. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const { form, onSubmit, formError } = useRegistration(params);
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const typedPassword = useWatch({ control, name: 'password' });

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

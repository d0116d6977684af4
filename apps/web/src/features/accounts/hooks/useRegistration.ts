import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { registerSchema } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { useRegisterMutation } from '../api/authApi';

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

/** The sign-up form: registered, the person goes on to enter the code e-mailed to them. */
export function useRegistration(params: URLSearchParams) {
  const navigate = useNavigate();
  const [registerAccount] = useRegisterMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', username: '', email: '', password: '', type: accountTypeFrom(params), adult: false },
  });
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit(async ({ adult: _confirmed, ...values }) => {
    setFormError(null);
    const answer = await registerAccount(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, FIELDS));
      return;
    }
    navigate(`/auth/verify?email=${encodeURIComponent(answer.data.email || values.email)}`);
  });

  return { form, onSubmit, formError };
}

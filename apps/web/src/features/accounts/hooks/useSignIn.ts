import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { ErrorCode } from '@cc/contracts';
import { useAppDispatch } from '../../../shared/store/hooks';
import { login } from '../../../shared/auth/loginThunk';
import { safeNext } from '../../../shared/api/navigation';
import { lazyResolver } from '../../../shared/forms/lazyResolver';
import { applyServerErrors } from '../../../shared/forms/serverErrors';

// The form's rules load when it is first checked: the page is usable before zod arrives (issue #11).
const loginResolver = lazyResolver(() => import('../lib/loginResolver').then((module) => module.loginResolver));

/**
 * The sign-in form and what a refusal means: an address to confirm first, a closed account (the
 * server's words), or field and form errors. Signed in, the person goes where they were headed.
 */
export function useSignIn(params: URLSearchParams) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [closedAccount, setClosedAccount] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const form = useForm({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { email: params.get('email') ?? '', password: '', keepLogin: true },
  });
  const { handleSubmit, setError, setFocus } = form;

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

  return { form, onSubmit, formError, closedAccount, unverifiedEmail };
}

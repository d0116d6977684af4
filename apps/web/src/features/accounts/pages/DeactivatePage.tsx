import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { deactivateSchema } from '@cc/contracts';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { errorMessage } from '../../../shared/api/apiError';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { logout } from '../../../shared/auth/logoutThunk';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, Card, Icon, PageHeader, TextField } from '../../../shared/ui';
import { useDeactivateAccountMutation, useRequestAccountCodeMutation } from '../api/accountApi';
import { DeactivateConfirm, DeactivateConsequences } from '../components/DeactivateParts';
import './DeactivatePage.css';

/** /account/deactivate — a code e-mailed to the member, then one more question, then signed out everywhere. */
export default function DeactivatePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [requestCode, codeRequest] = useRequestAccountCodeMutation();
  const [deactivate, deactivation] = useDeactivateAccountMutation();
  const [codeSent, setCodeSent] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deactivateSchema), mode: 'onTouched', defaultValues: { verifyCode: '' } });

  const sendCode = async () => {
    const answer = await requestCode();
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return;
    }
    setCodeSent(true);
    toast.success(`We sent a code to ${user?.email ?? 'your e-mail'}.`);
  };

  // The code is checked first, then the modal asks once more before anything irreversible happens.
  const askToConfirm = handleSubmit(() => {
    setFormError(null);
    setConfirming(true);
  });

  const confirm = async () => {
    const answer = await deactivate(deactivateSchema.parse(getValues()));
    if (answer.error) {
      setConfirming(false);
      setFormError(applyServerErrors(answer.error, setError, ['verifyCode']));
      return;
    }
    void dispatch(logout({ serverKnows: true, loginNotice: 'deactivated' }));
  };

  return (
    <>
      <PageHeader title="Deactivate account" description="Take a break from the site. Read what happens before you go on." />
      <DeactivateConsequences />
      <Card title="Confirm it's you" description="For your safety we e-mail you a 6-digit code first. It is valid for 10 minutes.">
        <form className="stack" onSubmit={askToConfirm} noValidate>
          <FormAlert message={formError} />
          <div>
            <Button variant="secondary" onClick={sendCode} loading={codeRequest.isLoading} icon={<Icon name="mail" size={16} />}>
              {codeSent ? 'Send me a new code' : 'Send me a code'}
            </Button>
          </div>
          {codeSent ? (
            <>
              <TextField
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                inputClassName="ui-input--code"
                error={errors.verifyCode?.message}
                {...register('verifyCode')}
              />
              <div className="form-actions">
                <Button type="submit" variant="danger">
                  Deactivate account
                </Button>
              </div>
            </>
          ) : null}
        </form>
      </Card>
      <DeactivateConfirm open={confirming} onOpenChange={setConfirming} busy={deactivation.isLoading} onConfirm={confirm} />
    </>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { inviteSchema } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Button, Card, FormAlert, TextField } from '../../../shared/ui';
import { useInviteFriendMutation } from '../api/contactsApi';

/** 'Invite a friend': an e-mail (and a name to greet them by) → POST /newsletter/invite. */
export function InviteFriendForm() {
  const [invite] = useInviteFriendMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(inviteSchema), mode: 'onTouched', defaultValues: { email: '', name: '' } });

  const onSubmit = handleSubmit(async ({ email, name }) => {
    setFormError(null);
    const answer = await invite({ email, ...(name ? { name } : {}) });
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['email', 'name']));
      return;
    }
    reset();
    toast.success(`Invitation sent to ${email}.`);
  });

  return (
    <Card title="Invite a friend" description="We will e-mail them an invitation to join." className="invite-card">
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Invite a friend">
        <FormAlert message={formError} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Name (optional)"
          autoComplete="off"
          hint="So the invitation greets them by name"
          error={errors.name?.message}
          {...register('name')}
        />
        <Button type="submit" loading={isSubmitting} block>
          Send invitation
        </Button>
      </form>
    </Card>
  );
}

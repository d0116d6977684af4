import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { updateProfileSchema, type Me } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, Card, TextAreaField, TextField } from '../../../shared/ui';
import { useUpdateProfileMutation } from '../api/accountApi';

const BIO_MAX = 1000;

export function ProfileDetailsForm({ user }: { user: Me }) {
  const [updateProfile] = useUpdateProfileMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(updateProfileSchema),
    mode: 'onTouched',
    defaultValues: { name: user.name, username: user.username, bio: user.bio },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const answer = await updateProfile(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['name', 'username', 'bio']));
      return;
    }
    reset({ name: answer.data.name, username: answer.data.username, bio: answer.data.bio });
    toast.success('Your profile is saved.');
  });

  const bioLength = useWatch({ control, name: 'bio' })?.length ?? 0;

  return (
    <Card title="Public profile" description="Your name, username and bio are visible to other members.">
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormAlert message={formError} />
        <div className="form-grid">
          <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            hint="Letters, digits, dots and _"
            {...register('username')}
          />
        </div>
        <TextAreaField
          label="Bio"
          rows={4}
          maxLength={BIO_MAX}
          placeholder="A few words about you — what you like to talk about."
          hint={`${bioLength} / ${BIO_MAX} characters`}
          error={errors.bio?.message}
          {...register('bio')}
        />
        <div className="form-actions">
          <Button variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            Discard changes
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}

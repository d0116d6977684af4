import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { updateProfileSchema, type Me } from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, Card, Select, TextAreaField, TextField } from '../../../shared/ui';
import { errorMessage } from '../../../shared/api/apiError';
import { useUpdateProfileMutation, useUploadAvatarMutation } from '../api/accountApi';

const BIO_MAX = 1000;
const GENDER_OPTIONS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'transgender', label: 'Transgender' },
] as const;

/** What this form edits; e-mail and call availability have their own pages. */
const profileFormSchema = updateProfileSchema.omit({ email: true, callAvailable: true });
const FIELDS = ['name', 'username', 'bio', 'gender', 'age', 'city', 'state', 'country', 'address', 'postCode', 'phoneNumber'] as const;

/** The form shows every value as text; '' is "not given" (the server clears it, docs/product.md#accounts). */
const formValuesOf = (user: Me) => ({
  name: user.name,
  username: user.username,
  bio: user.bio,
  gender: user.gender ?? '',
  age: user.age === null ? '' : String(user.age),
  city: user.city,
  state: user.state,
  country: user.country,
  address: user.address,
  postCode: user.postCode,
  phoneNumber: user.phoneNumber ?? '',
});

type Props = {
  user: Me;
  /** A profile photo chosen above and not saved yet: Save profile saves it first (issue #28: it was dropped). */
  photo?: File | null;
  onPhotoSaved?: () => void;
};

/**
 * The form's values from the member's profile, and Save: a photo chosen above goes first (nothing
 * else changes when it fails), then the profile; the server's field errors land on their fields.
 */
function useProfileDetails(user: Me, photo: File | null, onPhotoSaved: (() => void) | undefined) {
  const [updateProfile] = useUpdateProfileMutation();
  const [uploadAvatar] = useUploadAvatarMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(user),
  });

  const { handleSubmit, setError, reset } = form;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (photo) {
      const uploaded = await uploadAvatar(photo);
      if (uploaded.error) {
        setFormError(`Your photo could not be saved: ${errorMessage(uploaded.error)} Nothing else was changed.`);
        return;
      }
      onPhotoSaved?.();
    }
    const answer = await updateProfile(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, [...FIELDS]));
      return;
    }
    reset(formValuesOf(answer.data));
    toast.success(photo ? 'Your profile and photo are saved.' : 'Your profile is saved.');
  });

  return { form, onSubmit, formError };
}

export function ProfileDetailsForm({ user, photo = null, onPhotoSaved }: Props) {
  const { form, onSubmit, formError } = useProfileDetails(user, photo, onPhotoSaved);
  const {
    register,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const bioLength = useWatch({ control, name: 'bio' })?.length ?? 0;

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <Card title="Public profile" description="Your name, username, bio, gender, age and place are visible to other members.">
        <div className="stack">
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
          <div className="form-grid">
            <Select label="Gender" placeholder="Choose…" options={GENDER_OPTIONS} error={errors.gender?.message} {...register('gender')} />
            <TextField label="Age" type="number" inputMode="numeric" min={18} max={120} error={errors.age?.message} {...register('age')} />
          </div>
          <div className="form-grid">
            <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
            <TextField label="State or region" autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
            <TextField label="Country" autoComplete="country-name" error={errors.country?.message} {...register('country')} />
          </div>
        </div>
      </Card>
      <Card title="Private details" description="Only you and the site's administrators see these. They never appear on your profile.">
        <div className="stack">
          <TextField label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
          <div className="form-grid">
            <TextField label="Post code" autoComplete="postal-code" error={errors.postCode?.message} {...register('postCode')} />
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              hint="With the country code, like +14155550123"
              error={errors.phoneNumber?.message}
              {...register('phoneNumber')}
            />
          </div>
        </div>
      </Card>
      <div className="form-actions">
        <Button variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          Discard changes
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty && !photo}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

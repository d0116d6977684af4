import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactUsSchema } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, Card, PageHeader, TextAreaField, TextField } from '../../../shared/ui';
import { useSendContactMessageMutation } from '../api/contactUsApi';
import { ContactSent } from '../components/ContactSent';

/** /contact-us — a message to the site's team, answered by e-mail; a member's name and address are filled in. */
export default function ContactPage() {
  const user = useAppSelector(selectCurrentUser);
  const [send] = useSendContactMessageMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm({
    resolver: zodResolver(contactUsSchema),
    mode: 'onTouched',
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', message: '' },
  });

  // The member may be recognised after the page opened; fill in who they are unless they typed already.
  useEffect(() => {
    if (!user || dirtyFields.name || dirtyFields.email) return;
    reset({ ...getValues(), name: user.name, email: user.email }, { keepDirtyValues: true });
  }, [user, dirtyFields.name, dirtyFields.email, reset, getValues]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const answer = await send(values);
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['name', 'email', 'message']));
      return;
    }
    setSentTo(values.email);
  });

  return (
    <div className="page page--narrow">
      <PageHeader
        eyebrow="Support"
        title="Contact us"
        description="Questions about your account, a payment or a creator? Write to us and we'll answer by e-mail, usually within a day."
      />
      {sentTo ? (
        <ContactSent email={sentTo} />
      ) : (
        <Card>
          <form className="stack" onSubmit={onSubmit} noValidate>
            <FormAlert message={formError} />
            <div className="form-grid">
              <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
              <TextField
                label="E-mail"
                type="email"
                autoComplete="email"
                inputMode="email"
                error={errors.email?.message}
                {...register('email')}
              />
            </div>
            <TextAreaField
              label="Message"
              rows={6}
              placeholder="How can we help?"
              error={errors.message?.message}
              {...register('message')}
            />
            <div className="form-actions">
              <Button type="submit" loading={isSubmitting}>
                Send message
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { refuseModelSchema } from '@cc/contracts';
import { Button, TextAreaField } from '../../../../shared/ui';

type RefuseFormProps = { working: boolean; onCancel: () => void; onRefuse: (reason: string) => void };

/** The reason the model will read in their e-mail; required so a refusal is never unexplained. */
export function RefuseForm({ working, onCancel, onRefuse }: RefuseFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(refuseModelSchema), mode: 'onTouched', defaultValues: { reason: '' } });

  return (
    <form className="admin-refuse" onSubmit={handleSubmit((values) => onRefuse(values.reason))} noValidate>
      <TextAreaField
        label="Reason for refusing"
        hint="The model receives this by e-mail, so say what to fix (e.g. “The photo is blurred; upload a sharper picture”)."
        rows={3}
        autoFocus
        error={errors.reason?.message}
        disabled={working}
        {...register('reason')}
      />
      <div className="admin-refuse__actions">
        <Button variant="secondary" onClick={onCancel} disabled={working}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={working}>
          Refuse model
        </Button>
      </div>
    </form>
  );
}

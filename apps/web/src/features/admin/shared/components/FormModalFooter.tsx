import { Button } from '../../../../shared/ui';

type FormModalFooterProps = { formId: string; submitLabel: string; busy: boolean; onCancel: () => void; danger?: boolean };

/** Cancel and the form's submit button, for a modal whose form sits in its body. */
export function FormModalFooter({ formId, submitLabel, busy, onCancel, danger = false }: FormModalFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} loading={busy}>
        {submitLabel}
      </Button>
    </>
  );
}

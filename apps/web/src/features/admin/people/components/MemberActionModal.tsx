import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUserRow } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { useReactivateUserMutation, useSuspendUserMutation } from '../api/adminPeopleApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';

export type MemberAction = { kind: 'suspend' | 'reactivate'; member: AdminUserRow };

/**
 * Confirms a suspension or reactivation. The server refuses to suspend an administrator or
 * yourself; its sentence is shown in the dialog rather than guessed here.
 */
export function MemberActionModal({ action, onDone }: { action: MemberAction | null; onDone: () => void }) {
  const [suspend, suspension] = useSuspendUserMutation();
  const [reactivate, reactivation] = useReactivateUserMutation();
  const [error, setError] = useState<string | null>(null);
  const working = suspension.isLoading || reactivation.isLoading;

  const close = () => {
    setError(null);
    onDone();
  };

  const confirm = async () => {
    if (!action) return;
    setError(null);
    const { kind, member } = action;
    const result = kind === 'suspend' ? await suspend(member._id) : await reactivate(member._id);
    if ('error' in result) {
      setError(errorMessage(result.error));
      return;
    }
    toast.success(kind === 'suspend' ? `${member.name} is suspended and signed out everywhere.` : `${member.name} can sign in again.`);
    close();
  };

  const name = action?.member.name ?? '';
  const suspending = action?.kind === 'suspend';
  return (
    <ConfirmModal
      open={action !== null}
      onCancel={close}
      onConfirm={confirm}
      working={working}
      error={error}
      tone={suspending ? 'danger' : 'primary'}
      title={suspending ? `Suspend ${name}?` : `Reactivate ${name}?`}
      description={
        suspending
          ? `${name} will be signed out on every device and cannot sign in until you reactivate the account. Their data is kept.`
          : `${name}'s account becomes active again and they can sign in with their password.`
      }
      confirmLabel={suspending ? 'Suspend member' : 'Reactivate member'}
    />
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { AdminUserRow } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { selectCurrentUser } from '../../../../shared/auth/authSlice';
import { loadCurrentUser } from '../../../../shared/auth/loadCurrentUser';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/hooks';
import { useMakeAdminMutation, useRemoveAdminMutation } from '../api/adminPeopleApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';

export type RoleChange = { kind: 'make' | 'remove'; member: AdminUserRow };

/**
 * Confirms giving or taking back the administrator role. The server decides who may hold it (not a
 * model, only an active account, never the last administrator removed); its sentence is shown in
 * the dialog rather than guessed here.
 */
export function RoleChangeModal({ change, onDone }: { change: RoleChange | null; onDone: () => void }) {
  const me = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [makeAdmin, granting] = useMakeAdminMutation();
  const [removeAdmin, revoking] = useRemoveAdminMutation();
  const [error, setError] = useState<string | null>(null);
  const working = granting.isLoading || revoking.isLoading;
  const self = change !== null && change.member._id === me?._id;

  const close = () => {
    setError(null);
    onDone();
  };

  const confirm = async () => {
    if (!change) return;
    setError(null);
    const { kind, member } = change;
    const result = kind === 'make' ? await makeAdmin(member._id) : await removeAdmin(member._id);
    if ('error' in result) {
      setError(errorMessage(result.error));
      return;
    }
    if (self) {
      // The admin area is closed to you from now on: read your account again so the shell knows,
      // and leave before the next admin request is refused.
      toast.success('You are no longer an administrator.');
      close();
      await loadCurrentUser(dispatch, { fresh: true });
      void navigate('/');
      return;
    }
    toast.success(kind === 'make' ? `${member.name} is now an administrator.` : `${member.name} is no longer an administrator.`);
    close();
  };

  const name = change?.member.name ?? '';
  const grant = change?.kind === 'make';
  return (
    <ConfirmModal
      open={change !== null}
      onCancel={close}
      onConfirm={confirm}
      working={working}
      error={error}
      tone={grant ? 'primary' : 'danger'}
      title={grant ? `Make ${name} an administrator?` : self ? 'Stop being an administrator?' : `Remove ${name} as administrator?`}
      description={
        grant
          ? `${name} will be able to open the admin area: approve models, adjust balances, change the site's settings and make or remove administrators. Everything they do there is written to the audit log.`
          : self
            ? 'You lose access to the admin area at once and become an ordinary member. Another administrator can give the role back.'
            : `${name} loses access to the admin area at once and becomes an ordinary member again. Their account and data are kept.`
      }
      confirmLabel={grant ? 'Make administrator' : 'Remove administrator'}
    />
  );
}

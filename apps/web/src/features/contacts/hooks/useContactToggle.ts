import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAppSelector } from '../../../shared/store/hooks';
import { errorMessage } from '../../../shared/api/apiError';
import { loginPath } from '../../../shared/api/navigation';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAddContactMutation, useRemoveContactMutation } from '../api/contactsApi';
import type { PersonRef } from '../lib/contactList';

/** Add to / remove from contacts, with a toast saying what happened; signed-out visitors sign in first. */
export function useContactToggle() {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const navigate = useNavigate();
  const location = useLocation();
  const [addContact, adding] = useAddContactMutation();
  const [removeContact, removing] = useRemoveContactMutation();

  const add = async (person: PersonRef) => {
    if (!signedIn) {
      await navigate(loginPath(`${location.pathname}${location.search}`));
      return false;
    }
    const answer = await addContact({ userId: person._id });
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return false;
    }
    toast.success(`${person.name} is in your contacts.`);
    return true;
  };

  const remove = async (person: PersonRef, contactId?: string | null) => {
    const answer = await removeContact({ person, contactId: contactId ?? null });
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return false;
    }
    toast.success(`${person.name} was removed from your contacts.`);
    return true;
  };

  return { add, remove, busy: adding.isLoading || removing.isLoading };
}

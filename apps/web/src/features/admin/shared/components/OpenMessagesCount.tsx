import { useListContactMessagesQuery } from '../../people/api/adminContactApi';
import '../../people/components/ContactMessages.css';

/**
 * How many contact-form messages wait, beside "Messages" in the admin menu. It reads one row of the
 * list (whose answer carries the open count), so it follows every handle and reopen.
 */
export function OpenMessagesCount() {
  const { data } = useListContactMessagesQuery({ status: 'open', q: '', limit: 1, skip: 0 });
  if (!data?.open) return null;
  return (
    <>
      <span className="admin-nav__count" aria-hidden="true">
        {data.open > 99 ? '99+' : data.open}
      </span>
      <span className="visually-hidden">, {data.open} open</span>
    </>
  );
}

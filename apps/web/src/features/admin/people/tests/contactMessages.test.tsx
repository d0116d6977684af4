import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { adminContactRoutes, auditRoutes, outboxRoutes, type ContactMessageRow, type AuditEntry } from '@cc/contracts';
import { fakeApi, page, type FakeApi } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

let serial = 0;
const anId = () => `dddddddd-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

function aMessage(overrides: Partial<ContactMessageRow> = {}): ContactMessageRow {
  return {
    _id: anId(),
    name: 'Vera Visitor',
    email: 'vera@example.test',
    message: 'How do refunds for tokens work?\nI bought the wrong package.',
    sender: null,
    status: 'open',
    handledAt: null,
    handledBy: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The server's messages, filtered by status and text as the real one does; handle and reopen move them. */
function messageDesk(initial: ContactMessageRow[]) {
  const rows = new Map(initial.map((row) => [row._id, row]));
  const move = (id: string, changes: Partial<ContactMessageRow>) => {
    const row = { ...rows.get(id)!, ...changes };
    rows.set(id, row);
    return row;
  };
  const api = fakeApi()
    .answer(adminContactRoutes.list, ({ query }) => {
      const status = query.get('status') ?? 'open';
      const q = (query.get('q') ?? '').toLowerCase();
      const all = [...rows.values()];
      const items = all.filter(
        (row) =>
          (status === 'all' || row.status === status) &&
          (!q || [row.name, row.email, row.message].some((text) => text.toLowerCase().includes(q))),
      );
      return { ...page(items), open: all.filter((row) => row.status === 'open').length };
    })
    .answer(adminContactRoutes.handle, ({ params }) =>
      move(params.id!, { status: 'handled', handledAt: '2026-03-05T10:00:00.000Z', handledBy: { _id: 'a-1', username: 'admin' } }),
    )
    .answer(adminContactRoutes.reopen, ({ params }) => move(params.id!, { status: 'open', handledAt: null, handledBy: null }));
  return { api, rows };
}

const nav = () => screen.getByRole('navigation', { name: 'Admin sections' });
const lastList = (api: FakeApi) => Object.fromEntries(api.requestsTo(adminContactRoutes.list).at(-1)!.query);

async function openMessage(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: `Message from ${name}` });
}

it('is in the admin navigation with the open count, and lists open messages first', async () => {
  const { api } = messageDesk([
    aMessage(),
    aMessage({
      name: 'Paula Member',
      email: 'paula@example.test',
      message: 'My payout is late.',
      sender: { _id: 'u-1', username: 'paula_m' },
    }),
    aMessage({ name: 'Old Question', status: 'handled', handledAt: '2026-03-03T10:00:00.000Z' }),
  ]);
  api.answer(outboxRoutes.list, page([]));
  const { router } = renderAdmin('/admin/outbox');
  const link = await within(nav()).findByRole('link', { name: /^Messages\W+2 open$/ });
  fireEvent.click(link);
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages'));
  expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  const paula = (await screen.findByRole('button', { name: 'Paula Member' })).closest('tr')!;
  expect(within(paula).getByText('paula@example.test')).toBeVisible();
  expect(within(paula).getByText('@paula_m')).toBeVisible();
  expect(within(paula).getByText('My payout is late.')).toBeVisible();
  expect(within(paula).getByText('Open')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Vera Visitor' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Old Question' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  expect(lastList(api)).toEqual({ status: 'open', limit: '20', skip: '0' });
});

it('switches status and searches on the server, keeping both in the address', async () => {
  const { api } = messageDesk([aMessage(), aMessage({ name: 'Old Question', message: 'Where is the FAQ page?', status: 'handled' })]);
  const { router } = renderAdmin('/admin/messages');
  await screen.findByRole('button', { name: 'Vera Visitor' });

  fireEvent.click(screen.getByRole('button', { name: 'Handled' }));
  expect(await screen.findByRole('button', { name: 'Old Question' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Vera Visitor' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'All' }));
  expect(await screen.findByRole('button', { name: 'Vera Visitor' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Old Question' })).toBeVisible();

  fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: ' faq ' } });
  await waitFor(() => expect(lastList(api)).toEqual({ status: 'all', q: 'faq', limit: '20', skip: '0' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Vera Visitor' })).not.toBeInTheDocument());
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'all', q: 'faq' });

  fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: 'nothing like it' } });
  expect(await screen.findByText('No messages match “nothing like it”')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(await screen.findByRole('button', { name: 'Vera Visitor' })).toBeVisible();
});

it('says when nothing is open', async () => {
  messageDesk([aMessage({ status: 'handled' })]);
  renderAdmin('/admin/messages');
  expect(await screen.findByText('No open messages')).toBeVisible();
  expect(within(nav()).getByRole('link', { name: 'Messages' })).toBeVisible(); // no count when none wait
});

it('shows the whole message as text, never as markup, with a reply link to the sender', async () => {
  const message = '<img src=x onerror="window.hacked=1"><b>bold?</b>\nsecond line';
  messageDesk([aMessage({ name: 'Script Kid', email: 'kid+test@example.test', message, sender: { _id: 'u-2', username: 'kiddo' } })]);
  renderAdmin('/admin/messages');
  const drawer = await openMessage('Script Kid');

  const text = within(drawer).getByText((_, element) => element?.classList.contains('admin-contact-text') ?? false);
  // eslint-disable-next-line jest-dom/prefer-to-have-text-content -- the raw text, newline and all: toHaveTextContent collapses whitespace
  expect(text.textContent).toBe(message);
  expect(text.querySelector('img, b')).not.toBeInTheDocument();
  expect(drawer.querySelector('img')).not.toBeInTheDocument();
  expect(within(drawer).getByText('@kiddo')).toBeVisible();
  expect(within(drawer).getByText('kid+test@example.test')).toBeVisible();
  const reply = within(drawer).getByRole('link', { name: 'Reply by e-mail' });
  expect(reply).toHaveAttribute('href', expect.stringMatching(/^mailto:kid%2Btest@example\.test\?subject=Re%3A%20/));
});

it('marks a message handled: it says so, the drawer shows who, and it leaves the Open list', async () => {
  const vera = aMessage();
  const { api } = messageDesk([vera, aMessage({ name: 'Paula Member' })]);
  renderAdmin('/admin/messages');
  const drawer = await openMessage('Vera Visitor');
  expect(within(drawer).getByText('Not signed in')).toBeVisible();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Mark handled' }));

  await seeToast('Marked handled.');
  expect(api.requestsTo(adminContactRoutes.handle).map((request) => request.params.id)).toEqual([vera._id]);
  expect(await within(drawer).findByRole('button', { name: 'Reopen' })).toBeVisible();
  expect(within(drawer).getByText(/by @admin/)).toBeVisible();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Vera Visitor' })).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Paula Member' })).toBeVisible();
  await waitFor(() => expect(within(nav()).getByRole('link', { name: /^Messages\W+1 open$/ })).toBeVisible());
});

it('reopens a handled message', async () => {
  const old = aMessage({
    name: 'Old Question',
    status: 'handled',
    handledAt: '2026-03-03T10:00:00.000Z',
    handledBy: { _id: 'a', username: 'ruth' },
  });
  const { api } = messageDesk([old]);
  renderAdmin('/admin/messages?status=handled');
  const drawer = await openMessage('Old Question');
  expect(within(drawer).getByText(/by @ruth/)).toBeVisible();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Reopen' }));
  await seeToast('Back among the open messages.');
  expect(api.requestsTo(adminContactRoutes.reopen).map((request) => request.params.id)).toEqual([old._id]);
  expect(await within(drawer).findByRole('button', { name: 'Mark handled' })).toBeVisible();
});

it("shows the server's refusal in the drawer", async () => {
  const { api } = messageDesk([aMessage()]);
  api.refuse(adminContactRoutes.handle, 404, 'No contact message with that id.');
  renderAdmin('/admin/messages');
  const drawer = await openMessage('Vera Visitor');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Mark handled' }));
  expect(await within(drawer).findByText('No contact message with that id.')).toBeVisible();
  expect(within(drawer).getByRole('button', { name: 'Mark handled' })).toBeVisible();
});

it('reads handle and reopen in the audit log', async () => {
  const entry = (action: string, before: AuditEntry['before'], after: AuditEntry['after']): AuditEntry => ({
    _id: anId(),
    actorId: '00000000-0000-4000-8000-000000000001',
    actorEmail: 'admin@example.test',
    action,
    targetType: 'contact-message',
    targetId: 'dddddddd-0000-4000-8000-000000000999',
    before,
    after,
    ip: null,
    createdAt: '2026-03-02T10:00:00.000Z',
  });
  fakeApi().answer(
    auditRoutes.list,
    page([
      entry('contact-message.reopen', { status: 'handled' }, { status: 'open' }),
      entry('contact-message.handle', { status: 'open' }, { status: 'handled' }),
    ]),
  );
  renderAdmin('/admin/audit?action=contact-message');
  const handled = (await screen.findByText('Marked message handled')).closest('tr')!;
  expect(within(handled).getByText('Contact message')).toBeVisible();
  expect(within((await screen.findByText('Reopened message')).closest('tr')!).getByText('contact-message.reopen')).toBeVisible();
  expect(screen.getByLabelText('Action')).toHaveValue('contact-message');
});

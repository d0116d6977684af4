import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { adminItemRoutes, auditRoutes, outboxRoutes, type AdminItemRow, type AuditEntry } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

let serial = 0;
const anId = () => `cccccccc-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

function anItem(overrides: Partial<AdminItemRow> = {}): AdminItemRow {
  const id = overrides._id ?? anId();
  return {
    _id: id,
    name: 'Golden hour at the pier',
    description: 'Warm light, full resolution.',
    price: 1250.5,
    mediaType: 'photo',
    model: { _id: 'm-1', username: 'mia_store', name: 'Mia Maker' },
    status: 'listed',
    hiddenAt: null,
    hiddenReason: null,
    removedAt: null,
    purchases: 3,
    previewUrl: `/api/media/${id}/thumbnail`,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The server's items, filtered by status and by name or username as the real one does; hide and restore move them. */
function itemDesk(initial: AdminItemRow[]) {
  const rows = new Map(initial.map((row) => [row._id, row]));
  const move = (id: string, changes: Partial<AdminItemRow>) => {
    const row = { ...rows.get(id)!, ...changes };
    rows.set(id, row);
    return row;
  };
  const api = fakeApi()
    .answer(adminItemRoutes.list, ({ query }) => {
      const status = query.get('status');
      const q = (query.get('q') ?? '').toLowerCase();
      return page(
        [...rows.values()].filter(
          (row) => (!status || row.status === status) && (!q || row.name.toLowerCase().includes(q) || row.model.username.includes(q)),
        ),
      );
    })
    .answer(adminItemRoutes.hide, ({ params, body }) =>
      move(params.id!, {
        status: 'hidden',
        hiddenReason: (body as { reason: string }).reason,
        hiddenAt: '2026-03-05T10:00:00.000Z',
      }),
    )
    .answer(adminItemRoutes.restore, ({ params }) => move(params.id!, { status: 'listed', hiddenReason: null, hiddenAt: null }));
  return { api, rows };
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name })).closest('tr')!;

async function openItem(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

it('is in the admin navigation and shows each item: picture, name, description, model, price in tokens, status, purchases', async () => {
  const { api } = itemDesk([
    anItem(),
    anItem({
      name: 'Spring guide',
      description: '',
      mediaType: 'file',
      previewUrl: null,
      status: 'hidden',
      hiddenReason: 'Copies another creator’s work.',
      hiddenAt: '2026-03-04T10:00:00.000Z',
      purchases: 0,
      price: 5,
    }),
    anItem({ name: 'Beach clip', mediaType: 'video', status: 'removed', removedAt: '2026-03-04T11:00:00.000Z', purchases: 1 }),
  ]);
  api.answer(outboxRoutes.list, page([]));
  const { router } = renderAdmin('/admin/outbox');
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Sell items' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/items'));
  expect(await screen.findByRole('heading', { name: 'Sell items', level: 1 })).toBeVisible();

  const photo = await rowOf('Golden hour at the pier');
  expect(within(photo).getByText('Warm light, full resolution.')).toBeVisible();
  expect(within(photo).getByText('Mia Maker')).toBeVisible();
  expect(within(photo).getByText('@mia_store')).toBeVisible();
  expect(within(photo).getByText('1,250.50 tokens')).toBeVisible();
  expect(within(photo).getByText('Listed')).toBeVisible();
  expect(within(photo).getByText('3')).toBeVisible();
  expect(photo.querySelector('img')!).toHaveAttribute('src', expect.stringMatching(/^\/api\/media\/.+\/thumbnail$/));

  // A file has no picture: its kind's icon stands in.
  const file = await rowOf('Spring guide');
  expect(within(file).getByRole('img', { name: 'File' })).toBeVisible();
  expect(within(file).getByText('5.00 tokens')).toBeVisible();
  expect(within(file).getByText('Hidden')).toBeVisible();
  expect(within(file).getByText('Copies another creator’s work.')).toBeVisible();

  expect(within(await rowOf('Beach clip')).getByText('Removed')).toBeVisible();
  // All items at first: no status in the request.
  expect(Object.fromEntries(api.requestsTo(adminItemRoutes.list)[0]!.query)).toEqual({ limit: '20', skip: '0' });
});

it('sends the status and the search to the server and keeps them in the address', async () => {
  const { api } = itemDesk([anItem(), anItem({ name: 'Spring guide', status: 'hidden', hiddenReason: 'No.' })]);
  const { router } = renderAdmin('/admin/items?page=2');
  await rowOf('Golden hour at the pier');
  const last = () => api.requestsTo(adminItemRoutes.list).at(-1)!.query;

  fireEvent.click(screen.getByRole('button', { name: 'Hidden' }));
  await waitFor(() => expect(last().get('status')).toBe('hidden'));
  expect(last().get('skip')).toBe('0');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Golden hour at the pier' })).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Hidden' })).toHaveAttribute('aria-pressed', 'true');

  fireEvent.change(screen.getByLabelText('Search items'), { target: { value: ' spring ' } });
  await waitFor(() => expect(last().get('q')).toBe('spring'));
  expect(Object.fromEntries(last())).toEqual({ status: 'hidden', q: 'spring', limit: '20', skip: '0' });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'hidden', q: 'spring' });

  fireEvent.change(screen.getByLabelText('Search items'), { target: { value: 'nothing like it' } });
  expect(await screen.findByText('No items match “nothing like it”')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(last().toString()).toBe('limit=20&skip=0'));
  expect(await screen.findByRole('button', { name: 'Golden hour at the pier' })).toBeVisible();
  expect(screen.getByLabelText('Search items')).toHaveValue('');
  expect(router.state.location.search).toBe('');
});

it('hides an item with the reason typed, says so, and shows it hidden with the reason', async () => {
  const item = anItem();
  const { api } = itemDesk([item]);
  renderAdmin('/admin/items');

  const drawer = await openItem('Golden hour at the pier');
  expect(within(drawer).getByText('Photo by @mia_store · 1,250.50 tokens')).toBeVisible();
  expect(within(drawer).getByRole('img', { name: 'Preview of Golden hour at the pier' })).toBeVisible();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Hide from store' }));
  const dialog = await screen.findByRole('dialog', { name: 'Hide “Golden hour at the pier” from the store?' });
  expect(within(dialog).getByText(/Members who bought it keep it/)).toBeVisible();
  expect(within(dialog).getByText('0/500')).toBeVisible();

  const reason = within(dialog).getByLabelText('Reason');
  fireEvent.change(reason, { target: { value: '  Shows a person who did not agree to it.  ' } });
  expect(within(dialog).getByText('43/500')).toBeVisible();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hide from store' }));

  await seeToast('Hidden from the store.');
  // The reason goes trimmed, as the contract's schema reads it.
  expect(api.requestsTo(adminItemRoutes.hide).map((request) => [request.params.id, request.body])).toEqual([
    [item._id, { reason: 'Shows a person who did not agree to it.' }],
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Hide/ })).not.toBeInTheDocument());
  expect(await within(drawer).findByText('Hidden from the store')).toBeVisible();
  expect(within(drawer).getByText('Shows a person who did not agree to it.')).toBeVisible();
  expect(within(drawer).getByRole('button', { name: 'Restore to store' })).toBeVisible();
  // The list is read again: the row shows it hidden, with the reason.
  await waitFor(() => expect(api.requestsTo(adminItemRoutes.list)).toHaveLength(2));
  const row = screen.getByRole('button', { name: 'Golden hour at the pier', hidden: true }).closest('tr')!;
  await waitFor(() => expect(within(row).getByText('Hidden')).toBeVisible());
});

it('asks for a reason, at most 500 characters, before anything is sent', async () => {
  const item = anItem();
  const { api } = itemDesk([item]);
  renderAdmin('/admin/items');

  const drawer = await openItem('Golden hour at the pier');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Hide from store' }));
  const dialog = await screen.findByRole('dialog', { name: /^Hide/ });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hide from store' }));
  expect(await within(dialog).findByText('Say why the item is hidden')).toBeVisible();
  const reason = within(dialog).getByLabelText('Reason');
  expect(reason).toHaveAttribute('aria-invalid', 'true');

  fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
  expect(await within(dialog).findByText('A reason is at most 500 characters')).toBeVisible();
  expect(within(dialog).getByText('501/500')).toHaveClass('is-over');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hide from store' }));

  fireEvent.change(reason, { target: { value: 'x'.repeat(500) } });
  await waitFor(() => expect(within(dialog).queryByText('A reason is at most 500 characters')).not.toBeInTheDocument());
  expect(api.requestsTo(adminItemRoutes.hide)).toHaveLength(0);
});

it("shows the server's refusal in the dialog, keeps what was typed, and reads the list again", async () => {
  const item = anItem();
  const { api } = itemDesk([item]);
  api.refuse(adminItemRoutes.hide, 409, 'This item is already hidden.');
  renderAdmin('/admin/items');

  const drawer = await openItem('Golden hour at the pier');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Hide from store' }));
  const dialog = await screen.findByRole('dialog', { name: /^Hide/ });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Stolen photo.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hide from store' }));

  expect(await within(dialog).findByText('This item is already hidden.')).toBeVisible();
  expect(within(dialog).getByLabelText('Reason')).toHaveValue('Stolen photo.');
  expect(screen.getByRole('dialog', { name: /^Hide/ })).toBeVisible();
  await waitFor(() => expect(api.requestsTo(adminItemRoutes.list)).toHaveLength(2));
});

it('restores a hidden item after confirming; a removed item offers neither', async () => {
  const hidden = anItem({ name: 'Spring guide', status: 'hidden', hiddenReason: 'Copies another creator’s work.' });
  const removed = anItem({ name: 'Beach clip', status: 'removed', removedAt: '2026-03-04T11:00:00.000Z' });
  const { api } = itemDesk([hidden, removed]);
  renderAdmin('/admin/items');

  const drawer = await openItem('Spring guide');
  expect(within(drawer).getByText('Copies another creator’s work.')).toBeVisible();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Restore to store' }));
  const confirm = await screen.findByRole('dialog', { name: 'Put “Spring guide” back in the store?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Restore to store' }));

  await seeToast('Back in the store.');
  expect(api.requestsTo(adminItemRoutes.restore).map((request) => request.params.id)).toEqual([hidden._id]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Put/ })).not.toBeInTheDocument());
  expect(await within(drawer).findByRole('button', { name: 'Hide from store' })).toBeVisible();
  expect(within(drawer).queryByText('Hidden from the store')).not.toBeInTheDocument();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const gone = await openItem('Beach clip');
  expect(within(gone).getByText('Removed by its model')).toBeVisible();
  expect(within(gone).queryByRole('button', { name: /store/ })).not.toBeInTheDocument();
});

it("shows a refused restore's reason in the confirmation", async () => {
  const hidden = anItem({ status: 'hidden', hiddenReason: 'No.' });
  const { api } = itemDesk([hidden]);
  api.refuse(adminItemRoutes.restore, 409, 'The model removed this item.');
  renderAdmin('/admin/items');

  const drawer = await openItem('Golden hour at the pier');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Restore to store' }));
  const confirm = await screen.findByRole('dialog', { name: /^Put/ });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Restore to store' }));
  expect(await within(confirm).findByText('The model removed this item.')).toBeVisible();
  expect(screen.getByRole('dialog', { name: /^Put/ })).toBeVisible();
  await waitFor(() => expect(api.requestsTo(adminItemRoutes.list)).toHaveLength(2));
});

it('reads hides and restores in the audit log', async () => {
  const entry = (action: string, before: AuditEntry['before'], after: AuditEntry['after']): AuditEntry => ({
    _id: anId(),
    actorId: '00000000-0000-4000-8000-000000000001',
    actorEmail: 'admin@example.test',
    action,
    targetType: 'sell-item',
    targetId: 'cccccccc-0000-4000-8000-000000000999',
    before,
    after,
    ip: null,
    createdAt: '2026-03-02T10:00:00.000Z',
  });
  fakeApi().answer(auditRoutes.list, () =>
    page([
      entry('item.restore', { status: 'hidden', hiddenReason: 'Stolen photo.' }, { status: 'listed', hiddenReason: null }),
      entry('item.hide', { status: 'listed', hiddenReason: null }, { status: 'hidden', hiddenReason: 'Stolen photo.' }),
    ]),
  );
  renderAdmin('/admin/audit?action=item');

  const hide = (await screen.findByText('Hid sell item')).closest('tr')!;
  expect(within(hide).getByText('Sell item')).toBeVisible();
  expect(within(hide).getByText('item.hide')).toBeVisible();
  expect(within((await screen.findByText('Restored sell item')).closest('tr')!).getByText('item.restore')).toBeVisible();
  expect(screen.getByLabelText('Action')).toHaveValue('item');
});

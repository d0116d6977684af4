import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '@cc/contracts';
import { ADMIN, aMember, fakeServer, list, refusal, renderAdmin } from './harness';

afterEach(() => vi.unstubAllGlobals());

/** A member directory that filters on q the way the server does (name, username or e-mail). */
function directory(members: AdminUserRow[]) {
  const state = { members };
  const server = fakeServer().on('GET', '/api/admin/users', ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const found = state.members.filter((m) => !q || [m.name, m.username, m.email].some((v) => v.toLowerCase().includes(q)));
    return list(found);
  });
  return { server, state };
}

it('searches as the person pauses typing and says when nothing matches', async () => {
  const { server } = directory([
    aMember({ name: 'Ann Lee', username: 'annlee', email: 'ann@example.test' }),
    aMember({ name: 'Bob Stone', username: 'bob' }),
  ]);
  renderAdmin('/admin/members');
  expect(await screen.findByText('Bob Stone')).toBeVisible();

  fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'ann' } });
  await waitFor(() => expect(screen.queryByText('Bob Stone')).not.toBeInTheDocument());
  expect(screen.getByText('Ann Lee')).toBeVisible();
  const searches = server.callsTo('GET', '/api/admin/users').filter((c) => c.query.get('q'));
  expect(searches.map((c) => c.query.get('q'))).toEqual(['ann']);

  fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'zzz' } });
  expect(await screen.findByText('No members match “zzz”')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(await screen.findByText('Bob Stone')).toBeVisible();
  expect(screen.getByLabelText('Search members')).toHaveValue('');
});

it('suspends a member after confirming, and the list shows it', async () => {
  const bob = aMember({ name: 'Bob Stone', username: 'bob' });
  const { server, state } = directory([bob]);
  server.on('POST', `/api/admin/users/${bob._id}/suspend`, () => {
    state.members = [{ ...bob, status: 'suspended' }];
    return { body: state.members[0] };
  });
  renderAdmin('/admin/members');

  fireEvent.click(await screen.findByRole('button', { name: 'Suspend Bob Stone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend Bob Stone?' });
  expect(within(dialog).getByText(/signed out on every device/)).toBeVisible();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend member' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.callsTo('POST', `/api/admin/users/${bob._id}/suspend`)).toHaveLength(1);
  const row = (await screen.findByRole('button', { name: 'Reactivate Bob Stone' })).closest('tr')!;
  expect(within(row).getByText('Suspended')).toBeVisible();
});

it("shows the server's refusal to suspend an administrator in the dialog", async () => {
  const other = aMember({ name: 'Other Admin', username: 'other', role: 'admin' });
  const { server } = directory([other]);
  server.on('POST', `/api/admin/users/${other._id}/suspend`, () => refusal(403, 'Administrators cannot be suspended.'));
  renderAdmin('/admin/members');

  fireEvent.click(await screen.findByRole('button', { name: 'Suspend Other Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend Other Admin?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend member' }));

  expect(await within(dialog).findByText('Administrators cannot be suspended.')).toBeVisible();
  expect(screen.getByRole('dialog', { name: 'Suspend Other Admin?' })).toBeVisible();
});

it('marks your own row and pages through long lists', async () => {
  const many = Array.from({ length: 20 }, (_, i) => aMember({ name: `Member ${i + 1}`, username: `m${i + 1}` }));
  const me = aMember({ _id: ADMIN._id, name: 'Site Admin', role: 'admin' });
  const server = fakeServer().on('GET', '/api/admin/users', ({ query }) => list(query.get('skip') === '20' ? [me] : many, 21));
  renderAdmin('/admin/members');

  expect(await screen.findByText('1–20 of 21')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));

  const row = (await screen.findByText('Site Admin')).closest('tr')!;
  expect(within(row).getByText('You')).toBeVisible();
  expect(screen.getByText('21–21 of 21')).toBeVisible();
  expect(server.callsTo('GET', '/api/admin/users').at(-1)!.query.get('skip')).toBe('20');
});

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { buildMe } from '../../../../test/factories';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aMember, fakeServer, list, renderPeople } from './harness';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

it('searches every member (no type), adds one to contacts and removes them again', async () => {
  const grace = aMember({ name: 'Grace Hopper', username: 'grace', type: 'user' });
  const me = buildMe({ _id: 'me-1' });
  const server = fakeServer()
    .on('GET', '/api/users/search', ({ query }) =>
      query.get('q') === 'gra' ? list([grace, aMember({ _id: 'me-1', name: 'Ada Lovelace' })]) : list([]),
    )
    .on('POST', '/api/contact', { status: 201, body: { ...grace, isFriend: true, contactId: 'contact-9' } })
    .on('DELETE', `/api/contact/${grace._id}`, { status: 204 });
  renderPeople('/people', { me });
  await screen.findByText('No members yet');

  fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'gra' } });
  const results = await screen.findByRole('list', { name: 'Members' });
  expect(server.callsTo('GET', '/api/users/search').at(-1)!.query.get('type')).toBeNull();
  // The viewer is marked, without actions on themselves.
  const self = within(results).getByText('Ada Lovelace').closest('li')!;
  expect(within(self).getByText('You')).toBeVisible();
  expect(within(self).queryByRole('button')).not.toBeInTheDocument();

  fireEvent.click(within(results).getByRole('button', { name: 'Add Grace Hopper to contacts' }));
  expect(await within(results).findByRole('button', { name: 'Remove Grace Hopper from contacts' })).toBeVisible();
  expect(server.callsTo('POST', '/api/contact')[0]!.body).toEqual({ userId: grace._id });

  // The search result has no contact id: the member's id names the contact.
  fireEvent.click(within(results).getByRole('button', { name: 'Remove Grace Hopper from contacts' }));
  expect(await within(results).findByRole('button', { name: 'Add Grace Hopper to contacts' })).toBeVisible();
  expect(server.callsTo('DELETE', `/api/contact/${grace._id}`)).toHaveLength(1);
});

import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { contactRoutes, directoryRoutes } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aMember, renderPeople } from './harness';

it('searches every member (no type), adds one to contacts and removes them again', async () => {
  const grace = aMember({ name: 'Grace Hopper', username: 'grace', type: 'user' });
  const me = buildMe({ _id: 'me-1' });
  const api = fakeApi()
    .answer(directoryRoutes.search, ({ query }) =>
      query.get('q') === 'gra' ? page([grace, aMember({ _id: 'me-1', name: 'Ada Lovelace' })]) : page([]),
    )
    .answer(contactRoutes.add, { ...grace, isFriend: true, contactId: 'contact-9' })
    .answer(contactRoutes.remove, { ok: true });
  renderPeople('/people', { me });
  await screen.findByText('No members yet');

  fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'gra' } });
  const results = await screen.findByRole('list', { name: 'Members' });
  expect(api.requestsTo(directoryRoutes.search).at(-1)!.query.get('type')).toBeNull();
  // The viewer is marked, without actions on themselves.
  const self = within(results).getByText('Ada Lovelace').closest('li')!;
  expect(within(self).getByText('You')).toBeVisible();
  expect(within(self).queryByRole('button')).not.toBeInTheDocument();

  fireEvent.click(within(results).getByRole('button', { name: 'Add Grace Hopper to contacts' }));
  expect(await within(results).findByRole('button', { name: 'Remove Grace Hopper from contacts' })).toBeVisible();
  expect(api.requestsTo(contactRoutes.add)[0]!.body).toEqual({ userId: grace._id });

  // The search result has no contact id: the member's id names the contact.
  fireEvent.click(within(results).getByRole('button', { name: 'Remove Grace Hopper from contacts' }));
  expect(await within(results).findByRole('button', { name: 'Add Grace Hopper to contacts' })).toBeVisible();
  expect(api.requestsTo(contactRoutes.remove).map((request) => request.params.id)).toEqual([grace._id]);
});

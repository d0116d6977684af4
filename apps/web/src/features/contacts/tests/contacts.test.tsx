import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { contactRoutes, conversationRoutes, type Ok } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aContact, aConversation, renderPeople } from './harness';
import { seeToast } from '../../../../test/toasts';

it('lists contacts with their total, and removes one only after confirming', async () => {
  const ruby = aContact({ name: 'Ruby Rose', username: 'ruby', contactId: 'contact-1' });
  const ivy = aContact({ name: 'Ivy Stone', username: 'ivy', type: 'user' });
  const api = fakeApi()
    .answer(contactRoutes.list, page([ruby, ivy]))
    .answer(contactRoutes.remove, { ok: true });
  renderPeople('/contacts');

  const contacts = await screen.findByRole('list', { name: 'Contacts' });
  expect(screen.getByText('2 contacts')).toBeVisible();
  expect(within(contacts).getByRole('link', { name: 'Ruby Rose' })).toHaveAttribute('href', '/models/ruby');
  expect(within(contacts).getByText('1.50 tokens per message')).toBeVisible();
  // Ordinary members have no model profile to open.
  expect(within(contacts).queryByRole('link', { name: 'Ivy Stone' })).not.toBeInTheDocument();

  fireEvent.click(within(contacts).getByRole('button', { name: 'Remove Ruby Rose from contacts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Ruby Rose from your contacts?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(contactRoutes.remove)).toHaveLength(0);

  fireEvent.click(within(contacts).getByRole('button', { name: 'Remove Ruby Rose from contacts' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove contact' }));
  await seeToast('Ruby Rose was removed from your contacts.');
  expect(screen.getByText('1 contact')).toBeVisible();
  expect(within(contacts).queryByText('Ruby Rose')).not.toBeInTheDocument();
  expect(within(contacts).getByText('Ivy Stone')).toBeVisible();
  expect(api.requestsTo(contactRoutes.remove).map((request) => request.params.id)).toEqual(['contact-1']);
});

it('Message from the contact list opens the chat', async () => {
  const ruby = aContact({ name: 'Ruby Rose' });
  const api = fakeApi()
    .answer(contactRoutes.list, page([ruby]))
    .answer(conversationRoutes.start, aConversation(ruby, { _id: 'conv-7' }));
  renderPeople('/contacts');
  fireEvent.click(await screen.findByRole('button', { name: 'Message Ruby Rose' }));
  expect(await screen.findByText('Chat conv-7')).toBeVisible();
  expect(api.requestsTo(conversationRoutes.start)[0]!.body).toEqual({ userId: ruby._id });
});

it('searches contacts on the server and points to the directory and people search when there are none', async () => {
  const api = fakeApi().answer(contactRoutes.list, page([]));
  renderPeople('/contacts');
  const empty = (await screen.findByText('No contacts yet')).closest('.ui-empty') as HTMLElement;
  expect(within(empty).getByRole('link', { name: 'Browse models' })).toHaveAttribute('href', '/models');
  expect(within(empty).getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/people');

  fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'ruby' } });
  expect(await screen.findByText('No contacts match “ruby”')).toBeVisible();
  expect(api.requestsTo(contactRoutes.list).at(-1)!.query.get('q')).toBe('ruby');
});

it('invites a friend by e-mail: checks the address as typed, shows server errors by the field, and confirms', async () => {
  let refuse = true;
  const invited: Ok = { ok: true };
  const api = fakeApi()
    .answer(contactRoutes.list, page([]))
    .answer(contactRoutes.invite, () =>
      refuse
        ? refusal(422, 'Check the form.', { code: 'VALIDATION_FAILED', fields: { email: 'That address is already a member' } })
        : invited,
    );
  renderPeople('/contacts');
  const form = await screen.findByRole('form', { name: 'Invite a friend' });
  const email = within(form).getByLabelText('E-mail');

  fireEvent.change(email, { target: { value: 'not-an-address' } });
  fireEvent.blur(email);
  expect(await within(form).findByText('Enter a valid e-mail address')).toBeVisible();
  const send = within(form).getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
  fireEvent.click(send);
  await waitFor(() => expect(send).toBeEnabled());
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(api.requestsTo(contactRoutes.invite)).toHaveLength(0);

  fireEvent.change(email, { target: { value: 'Grace@Example.test' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
  expect(await within(form).findByText('That address is already a member')).toBeVisible();
  expect(email).toHaveValue('Grace@Example.test');
  await waitFor(() => expect(send).toBeEnabled());

  refuse = false;
  fireEvent.change(email, { target: { value: 'grace@example.test' } });
  fireEvent.change(within(form).getByLabelText('Name (optional)'), { target: { value: 'Grace' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
  await seeToast('Invitation sent to grace@example.test.');
  expect(api.requestsTo(contactRoutes.invite).at(-1)!.body).toEqual({ email: 'grace@example.test', name: 'Grace' });
  await waitFor(() => expect(email).toHaveValue(''));
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aContact, fakeServer, list, renderPeople } from './harness';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

it('lists contacts with their total, and removes one only after confirming', async () => {
  const ruby = aContact({ name: 'Ruby Rose', username: 'ruby', contactId: 'contact-1' });
  const ivy = aContact({ name: 'Ivy Stone', username: 'ivy', type: 'user' });
  const server = fakeServer()
    .on('GET', '/api/contact', list([ruby, ivy]))
    .on('DELETE', '/api/contact/contact-1', { status: 204 });
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
  expect(server.callsTo('DELETE', /\/api\/contact\//)).toHaveLength(0);

  fireEvent.click(within(contacts).getByRole('button', { name: 'Remove Ruby Rose from contacts' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove contact' }));
  expect(await screen.findByText('Ruby Rose was removed from your contacts.')).toBeVisible();
  expect(screen.getByText('1 contact')).toBeVisible();
  expect(within(contacts).queryByText('Ruby Rose')).not.toBeInTheDocument();
  expect(within(contacts).getByText('Ivy Stone')).toBeVisible();
  expect(server.callsTo('DELETE', '/api/contact/contact-1')).toHaveLength(1);
});

it('Message from the contact list opens the chat', async () => {
  const ruby = aContact({ name: 'Ruby Rose' });
  const server = fakeServer()
    .on('GET', '/api/contact', list([ruby]))
    .on('POST', '/api/conversation', { body: { _id: 'conv-7' } });
  renderPeople('/contacts');
  fireEvent.click(await screen.findByRole('button', { name: 'Message Ruby Rose' }));
  expect(await screen.findByText('Chat conv-7')).toBeVisible();
  expect(server.callsTo('POST', '/api/conversation')[0]!.body).toEqual({ userId: ruby._id });
});

it('searches contacts on the server and points to the directory and people search when there are none', async () => {
  const server = fakeServer().on('GET', '/api/contact', list([]));
  renderPeople('/contacts');
  const empty = (await screen.findByText('No contacts yet')).closest('.ui-empty') as HTMLElement;
  expect(within(empty).getByRole('link', { name: 'Browse models' })).toHaveAttribute('href', '/models');
  expect(within(empty).getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/people');

  fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'ruby' } });
  expect(await screen.findByText('No contacts match “ruby”')).toBeVisible();
  expect(server.callsTo('GET', '/api/contact').at(-1)!.query.get('q')).toBe('ruby');
});

it('invites a friend by e-mail: checks the address as typed, shows server errors by the field, and confirms', async () => {
  let refuse = true;
  const server = fakeServer()
    .on('GET', '/api/contact', list([]))
    .on('POST', '/api/newsletter/invite', () =>
      refuse
        ? {
            status: 422,
            body: { code: 'VALIDATION_FAILED', msg: 'Check the form.', details: { fields: { email: 'That address is already a member' } } },
          }
        : { status: 201, body: { ok: true } },
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
  expect(server.callsTo('POST', '/api/newsletter/invite')).toHaveLength(0);

  fireEvent.change(email, { target: { value: 'Grace@Example.test' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
  expect(await within(form).findByText('That address is already a member')).toBeVisible();
  expect(email).toHaveValue('Grace@Example.test');
  await waitFor(() => expect(send).toBeEnabled());

  refuse = false;
  fireEvent.change(email, { target: { value: 'grace@example.test' } });
  fireEvent.change(within(form).getByLabelText('Name (optional)'), { target: { value: 'Grace' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
  expect(await screen.findByText('Invitation sent to grace@example.test.')).toBeVisible();
  expect(server.callsTo('POST', '/api/newsletter/invite').at(-1)!.body).toEqual({ email: 'grace@example.test', name: 'Grace' });
  await waitFor(() => expect(email).toHaveValue(''));
});

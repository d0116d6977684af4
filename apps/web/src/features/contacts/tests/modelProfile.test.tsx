import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { contactRoutes, conversationRoutes, directoryRoutes, walletRoutes } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aContact, aConversation, aProfile, renderPeople } from './harness';
import { seeToast } from '../../../../test/toasts';

it('shows the price per message, call rate, availability and the actions', async () => {
  const api = fakeApi().answer(directoryRoutes.findByUsername, aProfile({ name: 'Ruby Rose', tokenPerMessage: 1.5, callRate: 2.5 }));
  renderPeople('/models/ruby');

  expect(await screen.findByRole('heading', { level: 1, name: 'Ruby Rose' })).toBeVisible();
  expect(screen.getByText('@ruby')).toBeVisible();
  expect(screen.getByText('Late-night talks and vinyl records.')).toBeVisible();
  expect(screen.getByText('1.50 tokens per message')).toBeVisible();
  expect(screen.getByText('2.50 tokens/min')).toBeVisible();
  expect(screen.getAllByText('Available for calls').length).toBeGreaterThan(0);
  expect(screen.getByRole('button', { name: 'Message' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Add to contacts' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Send a tip' })).toBeVisible();
  expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
  expect(api.requestsTo(directoryRoutes.findByUsername).map((request) => request.params.username)).toEqual(['ruby']);
});

it('adds to contacts and removes again, keeping the contact list and its total in step', async () => {
  const ruby = aProfile({ _id: '00000000-0000-4000-8000-0000000000aa', name: 'Ruby Rose', username: 'ruby' });
  const api = fakeApi()
    .answer(contactRoutes.list, page([aContact({ name: 'Ivy Stone', username: 'ivy' })], 1))
    .answer(directoryRoutes.findByUsername, ruby)
    .answer(contactRoutes.add, { ...ruby, isFriend: true, contactId: 'contact-7' })
    .answer(contactRoutes.remove, { ok: true });
  const { router } = renderPeople('/contacts');
  expect(await screen.findByText('1 contact')).toBeVisible();

  await router.navigate('/models/ruby');
  fireEvent.click(await screen.findByRole('button', { name: 'Add to contacts' }));
  expect(await screen.findByRole('button', { name: 'Remove from contacts' })).toBeVisible();
  expect(screen.getByText('In your contacts')).toBeVisible();
  expect(api.requestsTo(contactRoutes.add)[0]!.body).toEqual({ userId: ruby._id });

  // Prepended and counted, without asking the server again.
  await router.navigate('/contacts');
  expect(await screen.findByText('2 contacts')).toBeVisible();
  const rows = within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem');
  expect(rows[0]!).toHaveTextContent('Ruby Rose');
  expect(rows[1]!).toHaveTextContent('Ivy Stone');
  expect(api.requestsTo(contactRoutes.list)).toHaveLength(1);

  await router.navigate('/models/ruby');
  fireEvent.click(await screen.findByRole('button', { name: 'Remove from contacts' }));
  expect(await screen.findByRole('button', { name: 'Add to contacts' })).toBeVisible();
  expect(screen.queryByText('In your contacts')).not.toBeInTheDocument();
  expect(api.requestsTo(contactRoutes.remove).map((request) => request.params.id)).toEqual(['contact-7']);

  await router.navigate('/contacts');
  expect(await screen.findByText('1 contact')).toBeVisible();
  expect(screen.queryByText('Ruby Rose')).not.toBeInTheDocument();
});

it('Message opens the conversation and goes to the chat', async () => {
  const ruby = aProfile();
  const api = fakeApi()
    .answer(directoryRoutes.findByUsername, ruby)
    .answer(conversationRoutes.start, aConversation(ruby, { _id: 'conv-42' }));
  renderPeople('/models/ruby');
  fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
  expect(await screen.findByText('Chat conv-42')).toBeVisible();
  expect(api.requestsTo(conversationRoutes.start)[0]!.body).toEqual({ userId: ruby._id });
});

it('sends a signed-out visitor to the login page and back, instead of messaging', async () => {
  const api = fakeApi().answer(directoryRoutes.findByUsername, aProfile());
  renderPeople('/models/ruby', { me: null });
  fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
  expect(await screen.findByText('Login page ?next=%2Fmodels%2Fruby')).toBeVisible();
  expect(api.requestsTo(conversationRoutes.start)).toHaveLength(0);
});

it('says there is no such model for an unknown username', async () => {
  const api = fakeApi().refuse(directoryRoutes.findByUsername, 404, 'No such member.');
  renderPeople('/models/nobody');
  expect(await screen.findByText('No such model')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Browse models' })).toHaveAttribute('href', '/models');
  expect(api.requestsTo(directoryRoutes.findByUsername)[0]!.params.username).toBe('nobody');
});

it('offers Edit profile instead of the actions on your own profile', async () => {
  const me = buildMe({ _id: 'me-1', username: 'ruby', type: 'model' });
  fakeApi().answer(directoryRoutes.findByUsername, aProfile({ _id: 'me-1' }));
  renderPeople('/models/ruby', { me });
  const edit = await screen.findByRole('link', { name: 'Edit profile' });
  expect(edit).toHaveAttribute('href', '/account/profile');
  expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add to contacts' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send a tip' })).not.toBeInTheDocument();
});

it('sends a tip in tokens with one key per attempt, and the balance follows', async () => {
  const ruby = aProfile({ name: 'Ruby Rose' });
  let lost = true;
  const api = fakeApi()
    .answer(directoryRoutes.findByUsername, ruby)
    .answer(walletRoutes.tip, () => {
      if (lost) {
        lost = false;
        throw new TypeError('Failed to fetch');
      }
      return { transactionId: 't-1', balance: 1222.06 };
    });
  const { store } = renderPeople('/models/ruby', { me: buildMe({ balance: 1234.56 }) });
  fireEvent.click(await screen.findByRole('button', { name: 'Send a tip' }));

  const dialog = await screen.findByRole('dialog', { name: 'Send a tip to Ruby Rose' });
  expect(within(dialog).getByText('Your balance: 1,234.56 tokens')).toBeVisible();
  const amount = within(dialog).getByLabelText('Amount');
  fireEvent.change(amount, { target: { value: 'abc' } });
  fireEvent.blur(amount);
  expect(await within(dialog).findByText('Enter an amount like 5 or 2.50')).toBeVisible();
  // Tokens have two decimals at most: a third is refused before anything is sent.
  fireEvent.change(amount, { target: { value: '12.345' } });
  fireEvent.blur(amount);
  expect(await within(dialog).findByText('Enter an amount like 5 or 2.50')).toBeVisible();
  expect(api.requestsTo(walletRoutes.tip)).toEqual([]);

  fireEvent.change(amount, { target: { value: '12.50' } });
  fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Thanks for the chat' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Tip 12.50 tokens' }));
  // The answer was lost: trying again must not tip twice, so it reuses the attempt's key.
  expect(await within(dialog).findByText('An error occurred, please try again!')).toBeVisible();
  const tip = within(dialog).getByRole('button', { name: 'Tip 12.50 tokens' }) as HTMLButtonElement;
  await waitFor(() => expect(tip).toBeEnabled());
  fireEvent.click(tip);

  await seeToast('You tipped Ruby Rose 12.50 tokens.');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const [first, retry] = api.requestsTo(walletRoutes.tip).map((call) => call.body as Record<string, unknown>);
  // The amount travels as tokens, under the spec's name for amounts.
  expect(retry).toEqual({ modelId: ruby._id, token: 12.5, note: 'Thanks for the chat', idempotencyKey: first!.idempotencyKey });
  expect(retry!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
  expect(store.getState().auth.user!.balance).toBe(1222.06);
});

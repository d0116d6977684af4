import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { directoryRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aMember, renderPeople } from './harness';

it('shows model cards with price, call hint and a link to the profile, also to signed-out visitors', async () => {
  const api = fakeApi().answer(
    directoryRoutes.search,
    page([
      aMember({ name: 'Ruby Rose', username: 'ruby', tokenPerMessage: 1.5, callAvailable: true }),
      aMember({ name: 'Ivy Stone', username: 'ivy', bio: '', tokenPerMessage: 0, callAvailable: false }),
    ]),
  );
  renderPeople('/models', { me: null });

  // The skeleton list has the same name: wait for the loaded cards, then read the list they are in.
  await screen.findByRole('link', { name: /Ruby Rose/ });
  const grid = screen.getByRole('list', { name: 'Models' });
  const ruby = within(grid).getByRole('link', { name: /Ruby Rose/ });
  expect(ruby).toHaveAttribute('href', '/models/ruby');
  expect(within(ruby).getByText('@ruby')).toBeVisible();
  expect(within(ruby).getByText('Late-night talks and vinyl records.')).toBeVisible();
  expect(within(ruby).getByText('1.50 tokens per message')).toBeVisible();
  expect(within(ruby).getByText('Voice calls')).toBeVisible();
  const ivy = within(grid).getByRole('link', { name: /Ivy Stone/ });
  expect(within(ivy).getByText('Free messages')).toBeVisible();
  expect(within(ivy).queryByText('Voice calls')).not.toBeInTheDocument();
  expect(screen.getByText('Showing 2 of 2 models')).toBeVisible();

  const request = api.requestsTo(directoryRoutes.search)[0]!;
  expect(request.query.get('type')).toBe('model');
  expect(request.query.get('skip')).toBe('0');
  expect(request.query.has('q')).toBe(false);
  expect(request.headers.get('Authorization')).toBeNull();
});

it('searches by name on the server once typing stops, and says when nobody matches', async () => {
  const api = fakeApi().answer(directoryRoutes.search, ({ query }) =>
    query.get('q') === 'zz' ? page([]) : page([aMember({ name: 'Ruby Rose' })]),
  );
  renderPeople('/models');
  await screen.findByRole('link', { name: /Ruby Rose/ });

  fireEvent.change(screen.getByLabelText('Search models'), { target: { value: 'z' } });
  fireEvent.change(screen.getByLabelText('Search models'), { target: { value: 'zz' } });
  expect(await screen.findByText('No models match “zz”')).toBeVisible();
  // Debounced: the half-typed "z" never reached the server.
  const searched = api.requestsTo(directoryRoutes.search).map((call) => call.query.get('q'));
  expect(searched).toEqual([null, 'zz']);
  expect(api.requestsTo(directoryRoutes.search).at(-1)!.query.get('type')).toBe('model');

  fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(await screen.findByRole('link', { name: /Ruby Rose/ })).toBeVisible();
  expect(screen.getByLabelText('Search models')).toHaveValue('');
});

it('loads more models under the first page', async () => {
  const first = Array.from({ length: 24 }, (_, index) => aMember({ name: `Model ${index + 1}`, username: `model${index + 1}` }));
  const api = fakeApi().answer(directoryRoutes.search, ({ query }) =>
    query.get('skip') === '24' ? page([aMember({ name: 'Last Model', username: 'last' })], 25) : page(first, 25),
  );
  renderPeople('/models');
  await screen.findByRole('link', { name: /Model 24/ });
  expect(screen.getByText('Showing 24 of 25 models')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: /Last Model/ })).toBeVisible();
  expect(screen.getByRole('link', { name: /Model 1\b/ })).toBeVisible();
  expect(screen.getByText('Showing 25 of 25 models')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(api.requestsTo(directoryRoutes.search).at(-1)!.query.get('skip')).toBe('24');
  // Two pages of cards to draw: close to the default 5 s on a busy machine.
}, 20_000);

it('shows the error with a retry, then the empty directory', async () => {
  let fail = true;
  fakeApi().answer(directoryRoutes.search, () => (fail ? refusal(500, 'The server had a problem.') : page([])));
  renderPeople('/models');
  expect(await screen.findByText('Could not load models')).toBeVisible();
  expect(screen.getByText('The server had a problem.')).toBeVisible();

  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('No models yet')).toBeVisible();
});

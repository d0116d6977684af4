import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { directoryRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aMember, aProfile, renderPeople } from './harness';

const RUBY = '00000000-0000-4000-8000-0000000000ab';
const switchedOff = { modelId: RUBY, username: 'ruby', callAvailable: false, phoneVerified: false, callRate: 2.5 };

it('an open profile stops offering calls the moment the model switches them off, and offers them again when she is back', async () => {
  fakeApi().answer(
    directoryRoutes.findByUsername,
    aProfile({ _id: RUBY, username: 'ruby', name: 'Ruby Rose', type: 'model', callRate: 2.5 }),
  );
  const { live } = renderPeople('/models/ruby', { live: true });
  expect(await screen.findByText('Available for calls', { selector: '.ui-badge' })).toBeVisible();

  // The cache changes at once; RTK batches the re-render to the next tick.
  live.receive('model:callability', switchedOff);
  expect(await screen.findByText('Not taking calls right now')).toBeVisible();
  expect(screen.queryByText('Available for calls', { selector: '.ui-badge' })).not.toBeInTheDocument();

  live.receive('model:callability', { ...switchedOff, callAvailable: true, callRate: 4 });
  expect(await screen.findByText('4.00 tokens/min')).toBeVisible();
  expect(screen.getByText('Available for calls', { selector: '.ui-badge' })).toBeVisible();
});

it('the directory follows too, and another model is left as she was', async () => {
  fakeApi().answer(
    directoryRoutes.search,
    page([
      aMember({ _id: RUBY, username: 'ruby', name: 'Ruby Rose', type: 'model' }),
      aMember({ username: 'ivy', name: 'Ivy Stone', type: 'model' }),
    ]),
  );
  const { live } = renderPeople('/models', { live: true });
  const card = (name: string) => screen.getByRole('link', { name: new RegExp(name) });
  await screen.findByText('Ruby Rose');
  expect(within(card('Ruby Rose')).getByText('Voice calls')).toBeVisible();

  live.receive('model:callability', switchedOff);
  await waitFor(() => expect(within(card('Ruby Rose')).queryByText('Voice calls')).not.toBeInTheDocument());
  expect(within(card('Ivy Stone')).getByText('Voice calls')).toBeVisible();
});

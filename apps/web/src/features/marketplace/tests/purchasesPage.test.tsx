import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { directoryRoutes, itemsRoutes } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aProfile, aPurchase, aSellItem, renderStore } from './harness';
import { seeToast } from '../../../../test/toasts';

const purchases = () => screen.getByRole('list', { name: 'Your purchases' });

it('lists purchases with preview, name, seller link, price, date and Download', async () => {
  const sunset = aPurchase({
    name: 'Sunset at the pier',
    price: 1234.5,
    createdAt: '2025-03-04T10:12:00.000Z',
    downloadUrl: '/api/purchase-item/p-1/download/',
    fileName: 'sunset.jpg',
  });
  const zine = aPurchase({ name: 'Zine No. 3', mediaType: 'file', previewUrl: null, mimeType: 'application/pdf' });
  fakeApi().answer(itemsRoutes.purchases, page([sunset, zine]));
  renderStore('/purchases');

  expect(await screen.findByText('2 purchases')).toBeVisible();
  const row = within(purchases()).getByRole('listitem', { name: 'Sunset at the pier' });
  expect(within(row).getByRole('img', { name: 'Sunset at the pier' })).toHaveAttribute('src', sunset.previewUrl);
  expect(within(row).getByRole('link', { name: 'Ruby Rose' })).toHaveAttribute('href', '/models/ruby');
  expect(row).toHaveTextContent('1,234.50 tokens');
  expect(within(row).getByText('Mar 4, 2025')).toBeVisible();
  const download = within(row).getByRole('link', { name: 'Download Sunset at the pier' });
  expect(download).toHaveAttribute('href', '/api/purchase-item/p-1/download/');
  expect(download).toHaveAttribute('download', 'sunset.jpg');
  expect(within(within(purchases()).getByRole('listitem', { name: 'Zine No. 3' })).getByText('PDF')).toBeVisible();
});

it('removes a purchase from the list after a confirm, and the total follows', async () => {
  const keep = aPurchase({ name: 'Zine No. 3' });
  const hide = aPurchase({ name: 'Sunset at the pier' });
  let rows = [keep, hide];
  const api = fakeApi()
    .answer(itemsRoutes.purchases, () => page(rows))
    .answer(itemsRoutes.hidePurchase, () => {
      rows = [keep];
      return null;
    });
  renderStore('/purchases');
  fireEvent.click(await screen.findByRole('button', { name: 'Remove Sunset at the pier from my list' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove Sunset at the pier from your list?' });
  expect(within(confirm).getByText(/Nothing is refunded\./)).toBeVisible();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from my list' }));

  await seeToast('Sunset at the pier was removed from your list.');
  await waitFor(() => expect(within(purchases()).queryByRole('listitem', { name: 'Sunset at the pier' })).not.toBeInTheDocument());
  expect(screen.getByText('1 purchase')).toBeVisible();
  expect(within(purchases()).getByRole('listitem', { name: 'Zine No. 3' })).toBeVisible();
  expect(api.requestsTo(itemsRoutes.hidePurchase).map((request) => request.params.id)).toEqual([hide._id]);
});

it('keeps a purchase the server would not remove, and says why', async () => {
  const row = aPurchase({ name: 'Sunset at the pier' });
  fakeApi()
    .answer(itemsRoutes.purchases, page([row]))
    .refuse(itemsRoutes.hidePurchase, 404, 'No such purchase.');
  renderStore('/purchases');
  fireEvent.click(await screen.findByRole('button', { name: 'Remove Sunset at the pier from my list' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove from my list' }));
  expect(await screen.findByText('No such purchase.')).toBeVisible();
  expect(within(purchases()).getByRole('listitem', { name: 'Sunset at the pier' })).toBeVisible();
  expect(screen.getByText('1 purchase')).toBeVisible();
});

it('says there are no purchases yet, with where to find items', async () => {
  fakeApi().answer(itemsRoutes.purchases, page([]));
  renderStore('/purchases');
  expect(await screen.findByText('No purchases yet')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Browse creators' })).toHaveAttribute('href', '/models');
});

it('shows a failed load with Try again and no rows', async () => {
  let fail = true;
  fakeApi().answer(itemsRoutes.purchases, () =>
    fail ? refusal(500, 'Something went wrong on our side.') : page([aPurchase({ name: 'Zine' })]),
  );
  renderStore('/purchases');
  expect(await screen.findByText('Could not load your purchases')).toBeVisible();
  expect(screen.getByText('0 purchases')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await within(await screen.findByRole('list', { name: 'Your purchases' })).findByRole('listitem', { name: 'Zine' })).toBeVisible();
});

it('adds what was just bought on a profile to the purchases without asking the server again', async () => {
  const older = aPurchase({ name: 'Zine No. 3' });
  const item = aSellItem({ name: 'Sunset at the pier', price: 12.5 });
  const api = fakeApi()
    .answer(itemsRoutes.purchases, page([older]))
    .answer(directoryRoutes.findByUsername, aProfile())
    .answer(itemsRoutes.ofModel, page([item]))
    .answer(itemsRoutes.purchase, { ...aPurchase({ sellItemId: item._id, name: 'Sunset at the pier' }), balance: 87.5 });
  const { router } = renderStore('/purchases', { me: buildMe({ balance: 100 }) });
  expect(await screen.findByText('1 purchase')).toBeVisible();

  await router.navigate('/models/ruby');
  fireEvent.click(await screen.findByRole('button', { name: 'Buy Sunset at the pier' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy for 12.50 tokens' }));
  expect(await screen.findByText('Purchased item success')).toBeVisible();

  await router.navigate('/purchases');
  expect(await screen.findByText('2 purchases')).toBeVisible();
  const rows = within(purchases()).getAllByRole('listitem');
  expect(rows.map((row) => row.querySelector('h2')!.textContent)).toEqual(['Sunset at the pier', 'Zine No. 3']);
  expect(api.requestsTo(itemsRoutes.purchases)).toHaveLength(1);
});

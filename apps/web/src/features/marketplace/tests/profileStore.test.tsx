import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { directoryRoutes, itemsRoutes } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aModelMe, aProfile, aPurchase, aSellItem, renderStore, RUBY_ID } from './harness';

const store = () => screen.getByRole('region', { name: 'Store' });
const card = (name: string) => within(screen.getByRole('list', { name: "Ruby Rose's items" })).getByRole('listitem', { name });

function rubyWith(items: ReturnType<typeof aSellItem>[]) {
  return fakeApi().answer(directoryRoutes.findByUsername, aProfile()).answer(itemsRoutes.ofModel, page(items));
}

it("lists the model's items with preview, file icon, name, description, price, and Buy or Download", async () => {
  const photo = aSellItem({ name: 'Sunset at the pier', description: 'A warm evening photo.', price: 12.5 });
  const pdf = aSellItem({
    name: 'Zine No. 3',
    description: 'Twelve pages.',
    mediaType: 'file',
    previewUrl: null,
    mimeType: 'application/pdf',
  });
  const owned = aPurchase({ name: 'Studio session', downloadUrl: '/api/purchase-item/p-9/download/', fileName: 'studio.mp4' });
  const bought = aSellItem({ name: 'Studio session', mediaType: 'video', price: 40, isPurchased: true, purchasedItem: owned });
  const api = rubyWith([photo, pdf, bought]);
  renderStore('/models/ruby');

  expect(await screen.findByText('3 items for sale')).toBeVisible();
  expect(api.requestsTo(directoryRoutes.findByUsername)[0]!.params.username).toBe('ruby');
  expect(api.requestsTo(itemsRoutes.ofModel)[0]!.query.get('modelId')).toBe(RUBY_ID);

  const sunset = card('Sunset at the pier');
  // Not bought: the blurred public preview, saying it turns clear once bought (issue #28).
  expect(within(sunset).getByRole('img', { name: 'Sunset at the pier, blurred until bought' })).toHaveAttribute('src', photo.previewUrl);
  expect(within(sunset).getByText('Clear once bought')).toBeVisible();
  expect(within(sunset).getByText('A warm evening photo.')).toBeVisible();
  expect(sunset).toHaveTextContent('12.50 tokens');
  expect(within(sunset).getByRole('button', { name: 'Buy Sunset at the pier' })).toBeVisible();

  // A file has no preview: an icon saying what kind of file it is.
  const zine = card('Zine No. 3');
  expect(within(zine).queryByRole('img')).not.toBeInTheDocument();
  expect(within(zine).getByText('PDF')).toBeVisible();

  const studio = card('Studio session');
  expect(within(studio).getByText('Purchased')).toBeVisible();
  expect(within(studio).queryByText('Clear once bought')).not.toBeInTheDocument();
  expect(within(studio).queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  const download = within(studio).getByRole('link', { name: 'Download Studio session' });
  expect(download).toHaveAttribute('href', '/api/purchase-item/p-9/download/');
  expect(store()).toHaveTextContent('40.00 tokens');
});

it('shows the price and the balance after, buys with that price and one key, and the item turns purchased in place', async () => {
  const item = aSellItem({ name: 'Sunset at the pier', price: 12.5 });
  const api = rubyWith([item]).answer(itemsRoutes.purchase, {
    ...aPurchase({
      sellItemId: item._id,
      name: item.name,
      downloadUrl: '/api/purchase-item/p-1/download/',
      previewUrl: '/api/media/m-1/thumbnail',
    }),
    balance: 87.5,
  });
  renderStore('/models/ruby', { me: buildMe({ balance: 100 }) });

  fireEvent.click(await screen.findByRole('button', { name: 'Buy Sunset at the pier' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy Sunset at the pier' });
  expect(within(dialog).getByText('12.50 tokens')).toBeVisible();
  expect(within(dialog).getByText('100.00 tokens')).toBeVisible();
  expect(within(dialog).getByText('Your balance after: 87.50 tokens')).toBeVisible();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for 12.50 tokens' }));
  expect(await screen.findByText('Purchased item success')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const [sent] = api.requestsTo(itemsRoutes.purchase).map((call) => call.body as Record<string, unknown>);
  expect(sent).toEqual({ sellItemId: item._id, expectedPrice: 12.5, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });

  // Purchased in place: the card offers the download, without asking the server for the list again.
  const bought = card('Sunset at the pier');
  expect(within(bought).getByText('Purchased')).toBeVisible();
  expect(within(bought).getByRole('link', { name: 'Download Sunset at the pier' })).toHaveAttribute(
    'href',
    '/api/purchase-item/p-1/download/',
  );
  expect(within(bought).queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  // And clear: the purchase's own preview replaces the blurred public one.
  expect(within(bought).getByRole('img', { name: 'Sunset at the pier' })).toHaveAttribute('src', '/api/media/m-1/thumbnail');
  expect(within(bought).queryByText('Clear once bought')).not.toBeInTheDocument();
  expect(api.requestsTo(itemsRoutes.ofModel)).toHaveLength(1);
  // The balance chip follows the answer's balance.
  expect(screen.getByRole('link', { name: 'Balance: 87.50 tokens. Buy tokens' })).toBeVisible();
});

it('says how many more tokens are needed and links to /tokens instead of buying', async () => {
  const api = rubyWith([aSellItem({ name: 'Sunset at the pier', price: 12.5 })]);
  renderStore('/models/ruby', { me: buildMe({ balance: 5 }) });

  fireEvent.click(await screen.findByRole('button', { name: 'Buy Sunset at the pier' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy Sunset at the pier' });
  expect(within(dialog).getByText('You need 7.50 more tokens to buy this item.')).toBeVisible();
  expect(within(dialog).queryByText(/Your balance after/)).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /^Buy for/ })).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('link', { name: 'Buy tokens' }));
  expect(await screen.findByText('Tokens page')).toBeVisible();
  expect(api.requestsTo(itemsRoutes.purchase)).toHaveLength(0);
});

it("toasts the server's words when the price changed, shows the new price and buys at it only when asked again", async () => {
  const item = aSellItem({ name: 'Sunset at the pier', price: 12.5 });
  let price = 12.5;
  const api = fakeApi()
    .answer(directoryRoutes.findByUsername, aProfile())
    .answer(itemsRoutes.ofModel, () => page([{ ...item, price }]))
    .answer(itemsRoutes.purchase, ({ body }) => {
      price = 15;
      if ((body as { expectedPrice?: number }).expectedPrice !== price)
        return refusal(409, 'The price is now 15.00 tokens.', { code: 'PRICE_CHANGED', details: { price: 15 } });
      return { ...aPurchase({ sellItemId: item._id, name: item.name, price: 15 }), balance: 85 };
    });
  renderStore('/models/ruby', { me: buildMe({ balance: 100 }) });

  fireEvent.click(await screen.findByRole('button', { name: 'Buy Sunset at the pier' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy Sunset at the pier' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for 12.50 tokens' }));
  expect(await screen.findByText('The price is now 15.00 tokens.')).toHaveTextContent(/^The price is now 15\.00 tokens\.$/);
  // The store reads the items again (their prices as they are now) behind the dialog.
  await waitFor(() => expect(api.requestsTo(itemsRoutes.ofModel)).toHaveLength(2));

  // The dialog stays and asks: the new price, what the balance would be, and a Buy at that price.
  const notice = await within(dialog).findByRole('status');
  expect(notice).toHaveTextContent(
    /^The price changedIt was 12\.50 tokens and is now 15\.00 tokens\. Nothing was charged\. Buy it at the new price\?$/,
  );
  expect(within(dialog).getByText('Your balance after: 85.00 tokens')).toHaveTextContent(/^Your balance after: 85\.00 tokens$/);
  expect(within(dialog).queryByRole('button', { name: 'Buy for 12.50 tokens' })).not.toBeInTheDocument();
  expect(api.requestsTo(itemsRoutes.purchase)).toHaveLength(1);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for 15.00 tokens' }));
  expect(await screen.findByText('Purchased item success')).toHaveTextContent(/^Purchased item success$/);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const [first, second] = api
    .requestsTo(itemsRoutes.purchase)
    .map((call) => call.body as { expectedPrice: number; idempotencyKey: string });
  expect([first!.expectedPrice, second!.expectedPrice]).toEqual([12.5, 15]);
  // A new attempt, a new key: the refused one charged nothing.
  expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  expect(within(card('Sunset at the pier')).getByText('Purchased')).toHaveTextContent(/^Purchased$/);
  // Several round trips through the fake API: slower than most on a busy machine.
}, 20_000);

it("toasts 'Error occured, please try again!' when the answer is lost, and the retry reuses the key", async () => {
  const item = aSellItem({ name: 'Sunset at the pier', price: 12.5 });
  let lost = true;
  const api = rubyWith([item]).answer(itemsRoutes.purchase, () => {
    if (lost) {
      lost = false;
      throw new TypeError('Failed to fetch');
    }
    return { ...aPurchase({ sellItemId: item._id }), balance: 87.5 };
  });
  renderStore('/models/ruby', { me: buildMe({ balance: 100 }) });

  fireEvent.click(await screen.findByRole('button', { name: 'Buy Sunset at the pier' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for 12.50 tokens' }));
  expect(await screen.findByText('Error occured, please try again!')).toBeVisible();
  const buy = within(dialog).getByRole('button', { name: 'Buy for 12.50 tokens' }) as HTMLButtonElement;
  await waitFor(() => expect(buy).toBeEnabled());
  fireEvent.click(buy);
  expect(await screen.findByText('Purchased item success')).toBeVisible();
  const [first, retry] = api.requestsTo(itemsRoutes.purchase).map((call) => call.body as { idempotencyKey: string });
  expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
});

it('sends a signed-out visitor to the login page and back instead of buying', async () => {
  const api = rubyWith([aSellItem({ name: 'Sunset at the pier' })]);
  renderStore('/models/ruby', { me: null });
  fireEvent.click(await screen.findByRole('button', { name: 'Buy Sunset at the pier' }));
  expect(await screen.findByText('Login page ?next=%2Fmodels%2Fruby')).toBeVisible();
  expect(api.requestsTo(itemsRoutes.purchase)).toHaveLength(0);
});

it('empties the store with a total of 0 when the load fails, and Try again loads it', async () => {
  let fail = true;
  fakeApi()
    .answer(directoryRoutes.findByUsername, aProfile())
    .answer(itemsRoutes.ofModel, () => (fail ? refusal(500, 'Something went wrong on our side.') : page([aSellItem({ name: 'Zine' })])));
  renderStore('/models/ruby');

  expect(await screen.findByText("Could not load Ruby Rose's store")).toBeVisible();
  expect(screen.getByText('Something went wrong on our side.')).toBeVisible();
  expect(screen.getByText('0 items for sale')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('1 item for sale')).toBeVisible();
  expect(card('Zine')).toBeVisible();
});

it('says when a model has nothing for sale', async () => {
  rubyWith([]);
  renderStore('/models/ruby');
  expect(await screen.findByText('Nothing for sale yet')).toBeVisible();
  expect(screen.getByText('Ruby Rose has not put anything on sale yet.')).toBeVisible();
});

it('shows a model her own items without Buy, with a way to manage them', async () => {
  rubyWith([aSellItem({ name: 'Sunset at the pier' })]);
  renderStore('/models/ruby', { me: aModelMe() });
  const own = await screen.findByRole('listitem', { name: 'Sunset at the pier' });
  expect(within(own).getByText('Your item')).toBeVisible();
  expect(within(own).queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  expect(within(own).getByRole('link', { name: 'Manage in My store' })).toHaveAttribute('href', '/store');
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { itemsRoutes } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aMedia, aModelMe, aSellItem, FakeXhr, renderStore } from './harness';
import { seeToast } from '../../../../test/toasts';

// Uploads go through XMLHttpRequest (for their progress); set-up restores the global after each test.
beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const mine = () => screen.getByRole('list', { name: 'Your items' });
const choose = (file: File) => fireEvent.change(screen.getByTestId('item-file-input'), { target: { files: [file] } });

it('explains to a member who is not a model what the store is for, and asks nothing', async () => {
  const api = fakeApi();
  renderStore('/store', { me: buildMe({ type: 'user' }) });
  expect(await screen.findByText('Selling is for creators')).toBeVisible();
  expect(screen.getByRole('link', { name: 'My purchases' })).toHaveAttribute('href', '/purchases');
  expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
  expect(api.requestsTo(itemsRoutes.mine)).toHaveLength(0);
});

it("shows a skeleton, then the model's items with preview or file icon, name, price and sales", async () => {
  let answer: (value: unknown) => void = () => undefined;
  const loaded = new Promise((resolve) => (answer = resolve));
  const photo = aSellItem({ name: 'Sunset at the pier', price: 1234.5, salesCount: 3 });
  const zine = aSellItem({ name: 'Zine No. 3', mediaType: 'file', previewUrl: null, mimeType: 'application/zip', salesCount: 0 });
  fakeApi().answer(itemsRoutes.mine, async () => {
    await loaded;
    return page([photo, zine], 2);
  });
  renderStore('/store', { me: aModelMe() });

  expect(await screen.findByRole('status', { name: 'Loading your items' })).toBeVisible();
  answer(null);
  expect(await screen.findByText('2 items for sale')).toBeVisible();
  const sunset = within(mine()).getByRole('listitem', { name: 'Sunset at the pier' });
  expect(within(sunset).getByRole('img', { name: 'Sunset at the pier' })).toHaveAttribute('src', photo.previewUrl);
  expect(sunset).toHaveTextContent('1,234.50 tokens');
  expect(within(sunset).getByText('Sold 3 times')).toBeVisible();
  const file = within(mine()).getByRole('listitem', { name: 'Zine No. 3' });
  expect(within(file).getByText('ZIP')).toBeVisible();
  expect(within(file).getByText('No sales yet')).toBeVisible();
});

it('says the store is empty and offers Add item', async () => {
  fakeApi().answer(itemsRoutes.mine, page([]));
  renderStore('/store', { me: aModelMe() });
  expect(await screen.findByText('Your store is empty')).toBeVisible();
  expect(screen.getAllByRole('button', { name: 'Add item' })).toHaveLength(2);
});

it('adds an item: uploads with a progress bar, then the typed name, description and price', async () => {
  const media = aMedia({ name: 'beach.jpg' });
  let items = [] as ReturnType<typeof aSellItem>[];
  const api = fakeApi()
    .answer(itemsRoutes.mine, () => page(items))
    .answer(itemsRoutes.create, ({ body }) => {
      const input = body as { name: string; description: string; price: number };
      const created = aSellItem({ ...input, salesCount: 0 });
      items = [created];
      return created;
    });
  renderStore('/store', { me: aModelMe() });
  fireEvent.click(await screen.findByRole('button', { name: 'Add item' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add item' });

  choose(new File([new Uint8Array(2048)], 'beach.jpg', { type: 'image/jpeg' }));
  const xhr = FakeXhr.all[0]!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('/api/media/photos');
  expect(xhr.headers.Authorization).toBe('Bearer test-token');
  xhr.progress(512, 2048);
  const bar = within(dialog).getByRole('progressbar', { name: 'Upload of beach.jpg' }) as HTMLProgressElement;
  expect(bar.value).toBe(0.25);
  expect(within(dialog).getByText('25%')).toBeVisible();
  // Nothing can go on sale before the file is stored.
  expect(within(dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  xhr.progress(2048, 2048);
  expect(within(dialog).getByText('100%')).toBeVisible();
  xhr.answer(201, { data: media });
  expect(await within(dialog).findByText('Uploaded')).toBeVisible();

  // The file's name is a starting point; the model types her own.
  const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
  expect(name).toHaveValue('beach');
  fireEvent.change(name, { target: { value: 'Sunset at the pier' } });
  fireEvent.change(within(dialog).getByLabelText('Description (optional)'), { target: { value: 'A warm evening photo.' } });
  const price = within(dialog).getByLabelText('Price');
  fireEvent.change(price, { target: { value: 'ten' } });
  fireEvent.blur(price);
  expect(await within(dialog).findByText('Enter a price like 10 or 4.50')).toBeVisible();
  fireEvent.change(price, { target: { value: '0.50' } });
  fireEvent.blur(price);
  expect(await within(dialog).findByText('The price must be at least 1.00 tokens')).toBeVisible();
  fireEvent.change(price, { target: { value: '12.345' } });
  fireEvent.blur(price);
  expect(await within(dialog).findByText('Enter a price like 10 or 4.50')).toBeVisible();
  expect(api.requestsTo(itemsRoutes.create)).toHaveLength(0);

  fireEvent.change(price, { target: { value: '1,212.50' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Put on sale' }));
  await seeToast('Sunset at the pier is on sale.');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(itemsRoutes.create)[0]!.body).toEqual({
    mediaId: media._id,
    name: 'Sunset at the pier',
    description: 'A warm evening photo.',
    price: 1212.5,
  });
  const added = await within(await screen.findByRole('list', { name: 'Your items' })).findByRole('listitem', {
    name: 'Sunset at the pier',
  });
  expect(added).toHaveTextContent('1,212.50 tokens');
  expect(screen.getByText('1 item for sale')).toBeVisible();
});

it('refuses a file the server would refuse before uploading it, and keeps what the server says next to its field', async () => {
  const api = fakeApi()
    .answer(itemsRoutes.mine, page([]))
    .refuse(itemsRoutes.create, 422, 'name: That name is taken', { code: 'VALIDATION_FAILED', fields: { name: 'That name is taken' } });
  renderStore('/store', { me: aModelMe() });
  fireEvent.click((await screen.findAllByRole('button', { name: 'Add item' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Add item' });

  choose(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
  expect(within(dialog).getByText(/^This kind of file cannot be sold\. Sell a PDF, ZIP/)).toBeVisible();
  expect(FakeXhr.all).toHaveLength(0);

  choose(new File(['%PDF'], 'zine.pdf', { type: 'application/pdf' }));
  expect(FakeXhr.all[0]!.url).toBe('/api/media/files');
  FakeXhr.all[0]!.answer(201, { data: aMedia({ type: 'file', name: 'zine.pdf', thumbnailUrl: null }) });
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '5' } });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Put on sale' }));
  expect(await within(dialog).findByText('That name is taken')).toBeVisible();
  // What was typed stays, and the dialog stays open.
  expect(within(dialog).getByLabelText('Name')).toHaveValue('zine');
  expect(api.requestsTo(itemsRoutes.create)).toHaveLength(1);
});

it('edits an item in a modal', async () => {
  const item = aSellItem({ name: 'Sunset at the pier', description: 'A warm evening photo.', price: 12.5, salesCount: 1 });
  let current = item;
  const api = fakeApi()
    .answer(itemsRoutes.mine, () => page([current]))
    .answer(itemsRoutes.update, ({ body }) => {
      current = { ...current, ...(body as object) };
      return current;
    });
  renderStore('/store', { me: aModelMe() });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Sunset at the pier' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Sunset at the pier' });
  expect(within(dialog).getByLabelText('Price')).toHaveValue('12.50');
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Sunset, large print' } });
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '20' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

  await seeToast('Changes saved.');
  const [edit] = api.requestsTo(itemsRoutes.update);
  expect(edit!.params.id).toBe(item._id);
  expect(edit!.body).toEqual({
    name: 'Sunset, large print',
    description: 'A warm evening photo.',
    price: 20,
  });
  const edited = await within(mine()).findByRole('listitem', { name: 'Sunset, large print' });
  expect(edited).toHaveTextContent('20.00 tokens');
});

it('removes an item after a confirm saying buyers keep their downloads; a failed reload empties the list until Try again', async () => {
  const keep = aSellItem({ name: 'Zine No. 3' });
  const gone = aSellItem({ name: 'Sunset at the pier' });
  let answer: 'both' | 'fail' | 'one' = 'both';
  const api = fakeApi()
    .answer(itemsRoutes.mine, () => {
      if (answer === 'fail') return refusal(503, 'The store is resting, try again soon.', { code: 'UNAVAILABLE' });
      return answer === 'both' ? page([keep, gone]) : page([keep]);
    })
    .answer(itemsRoutes.remove, () => {
      answer = 'fail';
      return null;
    });
  renderStore('/store', { me: aModelMe() });
  fireEvent.click(await screen.findByRole('button', { name: 'Remove Sunset at the pier' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove Sunset at the pier from sale?' });
  expect(within(confirm).getByText('New buyers can no longer buy it. Buyers who already bought it keep their downloads.')).toBeVisible();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from sale' }));
  await seeToast('Sunset at the pier is no longer on sale.');
  expect(api.requestsTo(itemsRoutes.remove).map((request) => request.params.id)).toEqual([gone._id]);

  // The reload after the removal failed: no stale rows, a total of 0, and the server's words.
  expect(await screen.findByText('Could not load your items')).toBeVisible();
  expect(screen.getByText('The store is resting, try again soon.')).toBeVisible();
  expect(screen.getByText('0 items for sale')).toBeVisible();
  expect(screen.queryByRole('listitem', { name: 'Zine No. 3' })).not.toBeInTheDocument();

  answer = 'one';
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(
    await within(await screen.findByRole('list', { name: 'Your items' })).findByRole('listitem', { name: 'Zine No. 3' }),
  ).toBeVisible();
  expect(screen.getByText('1 item for sale')).toBeVisible();
  expect(screen.queryByRole('listitem', { name: 'Sunset at the pier' })).not.toBeInTheDocument();
});

it('tells a model who is not approved yet why she cannot add items', async () => {
  fakeApi().answer(itemsRoutes.mine, page([]));
  renderStore('/store', { me: aModelMe({ modelStatus: 'pending' }) });
  expect(await screen.findByText('Your store opens once your account is approved')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Add item' })).toBeDisabled();
});

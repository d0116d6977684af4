import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { accountAdminRoutes, fileRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { aModel, renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

// jsdom has no object URLs; the drawer only needs a URL to put in the <img>.
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
});

/** A server with one pending model whose queue empties once the model is approved or refused. */
function reviewQueue() {
  const ruby = aModel({ name: 'Ruby Rose', email: 'ruby@example.test' });
  let pending = [ruby];
  const api = fakeApi()
    .answer(accountAdminRoutes.models, ({ query }) => (query.get('status') === 'pending' ? page(pending) : page([])))
    .answer(
      fileRoutes.downloadNamed,
      () => new Response(new TextEncoder().encode('png-bytes'), { status: 200, headers: { 'content-type': 'image/png' } }),
    )
    .answer(accountAdminRoutes.approveModel, () => {
      pending = [];
      return aModel({ ...ruby, modelStatus: 'approved' });
    })
    .answer(accountAdminRoutes.refuseModel, () => {
      pending = [];
      return aModel({ ...ruby, modelStatus: 'refused' });
    });
  return { api, ruby };
}

it('lists the pending models first, with their e-mail and status', async () => {
  const { api } = reviewQueue();
  renderAdmin('/admin/models');

  const row = (await screen.findByRole('button', { name: 'Ruby Rose' })).closest('tr')!;
  expect(within(row).getByText('ruby@example.test')).toBeVisible();
  expect(within(row).getByText('@ruby')).toBeVisible();
  expect(within(row).getByText('Pending')).toBeVisible();
  expect(api.requestsTo(accountAdminRoutes.models)[0]!.query.get('status')).toBe('pending');
  expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
});

it('shows the document with the admin token, approves the model and drops it from the queue', async () => {
  const { api, ruby } = reviewQueue();
  renderAdmin('/admin/models');

  fireEvent.click(await screen.findByRole('button', { name: 'Review Ruby Rose' }));
  const drawer = await screen.findByRole('dialog', { name: 'Review Ruby Rose' });
  expect(within(drawer).getByText('Passport')).toBeVisible();
  expect(within(drawer).getByText('Ruby Anne Rose')).toBeVisible();
  expect(within(drawer).getByText(/Jun 15, 1995/)).toBeVisible();

  const image = await within(drawer).findByRole('img', { name: 'Verification document submitted by Ruby Rose' });
  expect(image).toHaveAttribute('src', 'blob:document');
  const fileRequest = api.requestsTo(fileRoutes.downloadNamed)[0]!;
  expect(fileRequest.path).toBe(ruby.verificationDocument!.fileUrl);
  // The signed-in administrator's token (the session cookie renderApp sets).
  expect(fileRequest.headers.get('Authorization')).toBe('Bearer test-token');

  fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(accountAdminRoutes.approveModel).map((request) => request.params.id)).toEqual([ruby._id]);
  expect(await screen.findByText('No models are waiting for review')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Ruby Rose' })).not.toBeInTheDocument();
  expect(await screen.findByText(/Ruby Rose is approved/)).toBeVisible();
});

it('will not refuse without a reason, then sends the reason given', async () => {
  const { api, ruby } = reviewQueue();
  renderAdmin('/admin/models');

  fireEvent.click(await screen.findByRole('button', { name: 'Review Ruby Rose' }));
  const drawer = await screen.findByRole('dialog', { name: 'Review Ruby Rose' });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Refuse…' }));
  fireEvent.click(within(drawer).getByRole('button', { name: 'Refuse model' }));

  expect(await within(drawer).findByText('Give the model a reason of at least 3 characters')).toBeVisible();
  expect(api.requestsTo(accountAdminRoutes.refuseModel)).toHaveLength(0);

  fireEvent.change(within(drawer).getByLabelText('Reason for refusing'), { target: { value: 'The photo is blurred' } });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Refuse model' }));

  await waitFor(() => expect(api.requestsTo(accountAdminRoutes.refuseModel)).toHaveLength(1));
  expect(api.requestsTo(accountAdminRoutes.refuseModel)[0]!.params.id).toBe(ruby._id);
  expect(api.requestsTo(accountAdminRoutes.refuseModel)[0]!.body).toEqual({ reason: 'The photo is blurred' });
  expect(await screen.findByText('No models are waiting for review')).toBeVisible();
});

it('keeps the drawer open and says why when the server refuses the approval', async () => {
  const { api } = reviewQueue();
  api.refuse(accountAdminRoutes.approveModel, 409, 'This model is already approved.');
  renderAdmin('/admin/models');

  fireEvent.click(await screen.findByRole('button', { name: 'Review Ruby Rose' }));
  const drawer = await screen.findByRole('dialog', { name: 'Review Ruby Rose' });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));

  await seeToast('Could not approve Ruby Rose: This model is already approved.');
  expect(screen.getByRole('dialog', { name: 'Review Ruby Rose' })).toBeVisible();
});

it('switches filters and explains an empty list', async () => {
  const { api } = reviewQueue();
  renderAdmin('/admin/models');
  await screen.findByRole('button', { name: 'Ruby Rose' });

  fireEvent.click(screen.getByRole('button', { name: 'Refused' }));

  expect(await screen.findByText('No refused models')).toBeVisible();
  expect(api.requestsTo(accountAdminRoutes.models).at(-1)!.query.get('status')).toBe('refused');
});

it('offers a retry when the list cannot be loaded', async () => {
  let fail = true;
  const api = fakeApi().answer(accountAdminRoutes.models, () =>
    fail ? refusal(500, 'Something went wrong on our side.') : page([aModel()]),
  );
  renderAdmin('/admin/models');

  expect(await screen.findByText('Could not load models')).toBeVisible();
  expect(screen.getByText('Something went wrong on our side.')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByRole('button', { name: 'Ruby Rose' })).toBeVisible();
  expect(api.requestsTo(accountAdminRoutes.models).length).toBeGreaterThanOrEqual(2);
});

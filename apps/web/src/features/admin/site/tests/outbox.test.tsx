import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { outboxRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { aMail, renderAdmin } from '../../shared/tests/harness';

it('lists recent mail with its status, attempts and last error', async () => {
  fakeApi().answer(outboxRoutes.list, () =>
    page([
      aMail({ to: 'ruby@example.test', subject: 'Your verification code', status: 'sent' }),
      aMail({
        to: 'bob@example.test',
        subject: 'Reset your password',
        template: 'password-reset',
        status: 'failed',
        attempts: 5,
        sentAt: null,
        lastError: 'SMTP 550 mailbox unavailable',
      }),
    ]),
  );
  renderAdmin('/admin/outbox');

  const failed = (await screen.findByText('Reset your password')).closest('tr')!;
  expect(within(failed).getByText('Failed')).toBeVisible();
  expect(within(failed).getByText('5')).toBeVisible();
  expect(within(failed).getByText('SMTP 550 mailbox unavailable')).toBeVisible();
  expect(within(failed).getByText('password-reset')).toBeVisible();
  const sent = screen.getByText('Your verification code').closest('tr')!;
  expect(within(sent).getByText('Sent')).toBeVisible();
});

it('refreshes on demand and pages by 20', async () => {
  let newest = 'First mail';
  const api = fakeApi().answer(outboxRoutes.list, ({ query }) =>
    query.get('skip') === '20'
      ? page([aMail({ subject: 'Older mail' })], 21)
      : page(
          Array.from({ length: 20 }, (_, i) => aMail({ subject: i === 0 ? newest : `Mail ${i}` })),
          21,
        ),
  );
  renderAdmin('/admin/outbox');
  await screen.findByText('First mail');

  newest = 'Just queued';
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByText('Just queued')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Older mail')).toBeVisible();
  expect(api.requestsTo(outboxRoutes.list).at(-1)!.query.get('skip')).toBe('20');
});

it('says what an empty outbox means', async () => {
  fakeApi().answer(outboxRoutes.list, page([]));
  renderAdmin('/admin/outbox');

  expect(await screen.findByText('No mail yet')).toBeVisible();
});

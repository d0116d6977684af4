import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { auditRoutes, outboxRoutes, type AuditEntry } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';

let serial = 0;
const anId = () => `aaaaaaaa-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: anId(),
    actorId: '00000000-0000-4000-8000-000000000001',
    actorEmail: 'admin@example.test',
    action: 'member.suspend',
    targetType: 'member',
    targetId: '5f1e2d3c-0000-4000-8000-000000000042',
    before: { status: 'active' },
    after: { status: 'suspended' },
    ip: '203.0.113.7',
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The changes of one table row, one line each, as they read. */
const changesOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

it('shows each action readably: who, what, on what, the fields before and after, when and from where', async () => {
  fakeApi().answer(auditRoutes.list, () =>
    page([
      anEntry(),
      anEntry({
        action: 'balance.adjust',
        actorEmail: 'ops@example.test',
        before: { balance: 1_000 },
        after: { balance: 1_700, reason: 'Goodwill', transactionId: 'bbbbbbbb-0000-4000-8000-000000000001' },
      }),
      anEntry({
        action: 'menu.create',
        targetType: 'menu',
        before: null,
        after: { title: 'Terms', path: '/terms', openNewTab: false },
      }),
      anEntry({ action: 'post.delete', targetType: 'post', before: { title: 'Old news', status: 'draft' }, after: null }),
      anEntry({
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        before: { siteName: 'Old' },
        after: { siteName: '' },
        ip: null,
      }),
      // What a payout decision was about is logged on both sides, unchanged.
      anEntry({
        action: 'payout.pay',
        targetType: 'payout-request',
        before: { status: 'approved', reference: '', amount: 15_000, amountCents: 1_200 },
        after: { status: 'paid', reference: 'PP-7Q2K', amount: 15_000, amountCents: 1_200 },
      }),
    ]),
  );
  renderAdmin('/admin/audit');

  const suspended = await rowOf('Suspended member');
  expect(within(suspended).getByText('member.suspend')).toBeVisible();
  expect(within(suspended).getByText('admin@example.test')).toBeVisible();
  expect(within(suspended).getByText('Member')).toBeVisible();
  // The id is cut to tell rows apart; the whole id is on hover.
  expect(within(suspended).getByText('5f1e2d3c…')).toHaveAttribute('title', '5f1e2d3c-0000-4000-8000-000000000042');
  expect(changesOf(suspended)).toEqual(['status: active → suspended']);
  expect(within(suspended).getByText('203.0.113.7')).toBeVisible();
  const when = within(suspended).getByText((_, element) => element?.tagName === 'TIME');
  expect(when).toHaveAttribute('datetime', '2026-03-02T10:00:00.000Z');
  expect(when).toHaveAttribute('title', expect.stringMatching(/Mar 2, 2026/));

  // Amounts are logged in hundredths of a token: shown in tokens, as everywhere else.
  const adjusted = await rowOf('Adjusted balance');
  expect(within(adjusted).getByText('ops@example.test')).toBeVisible();
  expect(changesOf(adjusted)).toEqual(['balance: 10.00 tokens → 17.00 tokens', 'reason: Goodwill', 'transactionId: bbbbbbbb…']);

  // A creation shows the new values, a removal the old ones.
  expect(changesOf(await rowOf('Added menu link'))).toEqual(['title: Terms', 'path: /terms', 'openNewTab: no']);
  expect(changesOf(await rowOf('Deleted post'))).toEqual(['title: Old news', 'status: draft']);

  const settings = await rowOf('Changed settings');
  expect(within(settings).getByText('Settings')).toBeVisible();
  expect(changesOf(settings)).toEqual(['siteName: Old → empty']);

  // Not "amount: 150.00 tokens → 150.00 tokens": an unchanged field reads once, as context.
  expect(changesOf(await rowOf('Marked payout paid'))).toEqual([
    'status: approved → paid',
    'reference: empty → PP-7Q2K',
    'amount: 150.00 tokens',
    'amountCents: $12.00',
  ]);
});

it('keeps long changes short until asked, and names an unknown action by itself', async () => {
  const after = Object.fromEntries(
    ['title', 'slug', 'status', 'excerpt', 'coverFileId', 'bodyLength'].map((field) => [field, `${field}-value`]),
  );
  fakeApi().answer(auditRoutes.list, () =>
    page([
      anEntry({ action: 'post.create', targetType: 'post', before: null, after }),
      anEntry({ action: 'robot.dance', targetType: 'robot' }),
    ]),
  );
  renderAdmin('/admin/audit');

  const created = await rowOf('Created post');
  expect(changesOf(created)).toHaveLength(4);
  fireEvent.click(within(created).getByRole('button', { name: 'Show all 6 changes' }));
  expect(changesOf(created)).toHaveLength(6);

  const unknown = await rowOf('robot.dance');
  expect(within(unknown).getByText('robot')).toBeVisible();
});

it('sends every filter to the server, keeps them in the address and starts again from page 1', async () => {
  const api = fakeApi().answer(auditRoutes.list, () => page([anEntry()], 45));
  const { router } = renderAdmin('/admin/audit?page=2');
  await rowOf('Suspended member');
  expect(api.requestsTo(auditRoutes.list)[0]!.query.toString()).toBe('limit=20&skip=20');
  const last = () => api.requestsTo(auditRoutes.list).at(-1)!.query;

  fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' ruby@example.test ' } });
  await waitFor(() => expect(last().get('q')).toBe('ruby@example.test'));
  expect(last().get('skip')).toBe('0');

  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'member' } });
  await waitFor(() => expect(last().get('action')).toBe('member'));
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
  await waitFor(() => expect(last().get('from')).toBe('2026-03-01'));
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
  await waitFor(() => expect(last().get('to')).toBe('2026-03-31'));

  expect(Object.fromEntries(last())).toEqual({
    q: 'ruby@example.test',
    action: 'member',
    from: '2026-03-01',
    to: '2026-03-31',
    limit: '20',
    skip: '0',
  });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
    q: 'ruby@example.test',
    action: 'member',
    from: '2026-03-01',
    to: '2026-03-31',
  });

  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(last().toString()).toBe('limit=20&skip=0'));
  expect(screen.getByLabelText('Search')).toHaveValue('');
  expect(router.state.location.search).toBe('');
});

it('opens with the filters of a shared address, ignoring ones it cannot read', async () => {
  const api = fakeApi().answer(auditRoutes.list, () => page([anEntry({ action: 'payout.approve' })]));
  renderAdmin('/admin/audit?action=payout&from=2026-03-01&to=yesterday');

  await rowOf('Approved payout');
  expect(Object.fromEntries(api.requestsTo(auditRoutes.list)[0]!.query)).toEqual({
    action: 'payout',
    from: '2026-03-01',
    limit: '20',
    skip: '0',
  });
  expect(screen.getByLabelText('Action')).toHaveValue('payout');
});

it('says when nothing has happened yet, and when nothing matches the filters', async () => {
  const api = fakeApi().answer(auditRoutes.list, () => page([]));
  renderAdmin('/admin/audit');
  expect(await screen.findByText('No administrator actions yet')).toBeVisible();

  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'menu' } });
  expect(await screen.findByText('No administrator actions match')).toBeVisible();
  fireEvent.click(
    within(screen.getByText('No administrator actions match').closest('.ui-empty')!).getByRole('button', { name: 'Clear filters' }),
  );
  expect(await screen.findByText('No administrator actions yet')).toBeVisible();
  expect(api.requestsTo(auditRoutes.list).at(-1)!.query.get('action')).toBeNull();
});

it('reports a failed load with a way to try again', async () => {
  let fail = true;
  fakeApi().answer(auditRoutes.list, () => (fail ? refusal(500, 'The database is not answering.') : page([anEntry()])));
  renderAdmin('/admin/audit');

  expect(await screen.findByText('Could not load the audit log')).toBeVisible();
  expect(screen.getByText('The database is not answering.')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Suspended member')).toBeVisible();
});

it('reads the log again every time it is opened, and pages by 20', async () => {
  const api = fakeApi()
    .answer(auditRoutes.list, ({ query }) =>
      query.get('skip') === '20'
        ? page([anEntry({ action: 'model.approve' })], 21)
        : page(
            Array.from({ length: 20 }, () => anEntry()),
            21,
          ),
    )
    .answer(outboxRoutes.list, () => page([]));
  renderAdmin('/admin/audit');
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  expect(await screen.findByText('1–20 of 21')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Approved model')).toBeVisible();

  fireEvent.click(within(nav).getByRole('link', { name: 'Mail outbox' }));
  expect(await screen.findByText('No mail yet')).toBeVisible();
  const before = api.requestsTo(auditRoutes.list).length;
  fireEvent.click(within(nav).getByRole('link', { name: 'Audit log' }));
  await waitFor(() => expect(api.requestsTo(auditRoutes.list).length).toBe(before + 1));
});

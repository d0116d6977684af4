import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { adminCallRoutes, auditRoutes, outboxRoutes, type AdminCallRow } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

afterEach(() => vi.useRealTimers());

let serial = 0;
const anId = () => `dddddddd-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

const KAI = { _id: 'u-1', username: 'kai_caller', name: 'Kai Caller' };
const NOVA = { _id: 'm-1', username: 'nova_voice', name: 'Nova Voice' };

/** A call connected at 10:00:00 and still going; the fake server counts its seconds to the (fake) now. */
function aCall(overrides: Partial<AdminCallRow> = {}): AdminCallRow {
  return {
    _id: anId(),
    status: 'connected',
    caller: KAI,
    model: NOVA,
    rate: 2.5,
    createdAt: '2026-03-02T09:59:50.000Z',
    connectedAt: '2026-03-02T10:00:00.000Z',
    endedAt: null,
    endReason: null,
    minutesCharged: 1,
    tokensCharged: 2.5,
    durationSeconds: null,
    ...overrides,
  };
}

const ended = (overrides: Partial<AdminCallRow> = {}) =>
  aCall({
    status: 'ended',
    endedAt: '2026-03-01T10:02:05.000Z',
    connectedAt: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-03-01T09:59:50.000Z',
    endReason: 'caller-ended',
    durationSeconds: 125,
    minutesCharged: 3,
    tokensCharged: 7.5,
    ...overrides,
  });

const isLiveRow = (call: AdminCallRow) => ['initiated', 'ringing', 'connected'].includes(call.status);

/** The server's calls: live first, filtered by status and by either person; a live call's seconds run to now. */
function callDesk(initial: AdminCallRow[]) {
  const rows = new Map(initial.map((row) => [row._id, row]));
  const seconds = (call: AdminCallRow) =>
    call.status === 'connected' && call.connectedAt ? Math.floor((Date.now() - Date.parse(call.connectedAt)) / 1000) : call.durationSeconds;
  const api = fakeApi()
    .answer(adminCallRoutes.list, ({ query }) => {
      const status = query.get('status');
      const q = (query.get('q') ?? '').toLowerCase();
      const found = [...rows.values()]
        .filter((call) => !status || (status === 'live') === isLiveRow(call))
        .filter((call) => !q || [call.caller, call.model].some((p) => p.username.includes(q) || p.name.toLowerCase().includes(q)))
        .sort((a, b) => Number(isLiveRow(b)) - Number(isLiveRow(a)));
      return page(found.map((call) => ({ ...call, durationSeconds: seconds(call) })));
    })
    .answer(adminCallRoutes.end, ({ params }) => {
      const call = rows.get(params.id!)!;
      const done: AdminCallRow = {
        ...call,
        status: call.status === 'connected' ? 'ended' : 'missed',
        endedAt: new Date().toISOString(),
        endReason: 'admin-ended',
        durationSeconds: seconds(call),
      };
      rows.set(call._id, done);
      return done;
    });
  return { api, rows };
}

const rowWith = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!;

it('is in the admin navigation and shows each call: status, both people, rate, duration, charges and how it ended', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:01:05.000Z') });
  const { api } = callDesk([
    ended({ endReason: 'admin-ended', caller: { _id: 'u-2', username: 'lee', name: 'Lee Phone' } }),
    aCall({
      status: 'declined',
      caller: { _id: 'u-3', username: 'rex', name: 'Rex Waiting' },
      connectedAt: null,
      endReason: 'declined',
      minutesCharged: 0,
      tokensCharged: 0,
      endedAt: '2026-03-01T10:00:00.000Z',
    }),
    aCall(),
    aCall({
      status: 'ringing',
      caller: { _id: 'u-4', username: 'ivy', name: 'Ivy Ring' },
      connectedAt: null,
      minutesCharged: 0,
      tokensCharged: 0,
    }),
  ]);
  api.answer(outboxRoutes.list, page([]));
  const { router } = renderAdmin('/admin/outbox');
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Calls' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/calls'));
  expect(await screen.findByRole('heading', { name: 'Calls', level: 1 })).toBeVisible();

  const live = await rowWith('Kai Caller');
  expect(within(live).getByText('Connected')).toBeVisible();
  expect(within(live).getByText('@kai_caller')).toBeVisible();
  expect(within(live).getByText('Nova Voice')).toBeVisible();
  expect(within(live).getByText('@nova_voice')).toBeVisible();
  expect(within(live).getByText('2.50 tokens/min')).toBeVisible();
  expect(within(live).getByRole('timer')).toHaveTextContent(/^01:05$/);
  expect(within(live).getByText('2.50 tokens')).toBeVisible();
  expect(within(live).getByText('1 minute')).toBeVisible();
  expect(within(live).getByRole('button', { name: 'End call between Kai Caller and Nova Voice' })).toBeVisible();

  const ringing = await rowWith('Ivy Ring');
  expect(within(ringing).getByText('Ringing')).toBeVisible();
  expect(within(ringing).getByText('—')).toBeVisible();
  expect(within(ringing).getByRole('button', { name: /^End call/ })).toBeVisible();

  const byAdmin = await rowWith('Lee Phone');
  expect(within(byAdmin).getByText('Ended')).toBeVisible();
  expect(within(byAdmin).getByText('An administrator ended the call.')).toBeVisible();
  expect(within(byAdmin).getByText('02:05')).toBeVisible();
  expect(within(byAdmin).getByText('7.50 tokens')).toBeVisible();
  expect(within(byAdmin).getByText('3 minutes')).toBeVisible();
  expect(within(byAdmin).queryByRole('button')).not.toBeInTheDocument();

  const declined = await rowWith('Rex Waiting');
  expect(within(declined).getByText('Declined')).toBeVisible();
  expect(within(declined).getByText('Nova Voice declined the call.')).toBeVisible();
  expect(within(declined).getByText('0.00 tokens')).toBeVisible();

  // Every call at first, live ones on top (the server's order).
  expect(Object.fromEntries(api.requestsTo(adminCallRoutes.list)[0]!.query)).toEqual({ limit: '20', skip: '0' });
  const callers = screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByText(/^@/)[0]!.textContent);
  expect(callers).toEqual(['@kai_caller', '@ivy', '@lee', '@rex']);
});

it("ticks a connected call's duration every second, from when it connected", async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-03-02T10:01:05.000Z') });
  callDesk([aCall(), ended()]);
  renderAdmin('/admin/calls');

  const timer = await screen.findByRole('timer');
  expect(timer).toHaveTextContent(/^01:05$/);
  act(() => vi.advanceTimersByTime(1_000));
  expect(timer).toHaveTextContent(/^01:06$/);
  act(() => vi.advanceTimersByTime(3_000));
  expect(timer).toHaveTextContent(/^01:09$/);
  act(() => vi.advanceTimersByTime(60_000));
  expect(timer).toHaveTextContent(/^02:09$/);
  // A finished call keeps its time.
  expect(screen.getByText('02:05')).toBeVisible();
});

it("counts from the server's clock when this computer's is off", async () => {
  // The server says 65 s so far; this computer's clock runs 10 minutes ahead of the server's.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-03-02T10:11:05.000Z') });
  fakeApi().answer(adminCallRoutes.list, () => page([aCall({ durationSeconds: 65 })]));
  renderAdmin('/admin/calls');

  const timer = await screen.findByRole('timer');
  expect(timer).toHaveTextContent(/^01:05$/);
  act(() => vi.advanceTimersByTime(2_000));
  expect(timer).toHaveTextContent(/^01:07$/);
});

it('ends a live call after confirming: the server is asked once, it says so, and the row shows how it ended', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:01:05.000Z') });
  const call = aCall();
  const { api } = callDesk([call]);
  renderAdmin('/admin/calls');

  fireEvent.click(await screen.findByRole('button', { name: 'End call between Kai Caller and Nova Voice' }));
  const dialog = await screen.findByRole('dialog', { name: 'End this call?' });
  expect(within(dialog).getByText(/Kai Caller pays for the minutes started so far, at 2\.50 tokens\/min/)).toBeVisible();
  expect(within(dialog).getByText(/both are told an administrator ended the call/)).toBeVisible();
  expect(api.requestsTo(adminCallRoutes.end)).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'End call' }));

  await seeToast('Call ended.');
  expect(api.requestsTo(adminCallRoutes.end).map((request) => request.params.id)).toEqual([call._id]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const row = await rowWith('An administrator ended the call.');
  expect(within(row).getByText('Ended')).toBeVisible();
  expect(within(row).getByText('01:05')).toBeVisible();
  expect(within(row).queryByRole('timer')).not.toBeInTheDocument();
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
});

it('says what ending a ringing call does', async () => {
  callDesk([aCall({ status: 'ringing', connectedAt: null, minutesCharged: 0, tokensCharged: 0 })]);
  renderAdmin('/admin/calls');
  fireEvent.click(await screen.findByRole('button', { name: /^End call/ }));
  const dialog = await screen.findByRole('dialog', { name: 'End this call?' });
  expect(within(dialog).getByText(/The call stops ringing and nothing is charged/)).toBeVisible();
});

it("shows the server's refusal in the dialog and reads the list again", async () => {
  const call = aCall();
  const { api, rows } = callDesk([call]);
  api.answer(adminCallRoutes.end, () => {
    rows.set(call._id, { ...call, status: 'ended', endReason: 'caller-ended', durationSeconds: 70 });
    return refusal(409, 'This call has already ended.');
  });
  renderAdmin('/admin/calls');

  fireEvent.click(await screen.findByRole('button', { name: /^End call/ }));
  const dialog = await screen.findByRole('dialog', { name: 'End this call?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'End call' }));

  expect(await within(dialog).findByText('This call has already ended.')).toBeVisible();
  expect(screen.getByRole('dialog', { name: 'End this call?' })).toBeVisible();
  // Behind the dialog the list was read again: the row tells how the call really ended.
  expect(await screen.findByText('Kai Caller ended the call.')).toBeVisible();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByRole('button', { name: /^End call/ })).not.toBeInTheDocument();
});

it('sends the status and the search to the server and keeps them in the address', async () => {
  const { api } = callDesk([aCall(), ended({ caller: { _id: 'u-2', username: 'lee', name: 'Lee Phone' } })]);
  const { router } = renderAdmin('/admin/calls?page=2');
  await rowWith('Kai Caller');
  const last = () => api.requestsTo(adminCallRoutes.list).at(-1)!.query;
  expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Ended' }));
  await waitFor(() => expect(last().get('status')).toBe('ended'));
  expect(last().get('skip')).toBe('0');
  await waitFor(() => expect(screen.queryByText('Kai Caller')).not.toBeInTheDocument());
  expect(screen.getByText('Lee Phone')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Live' }));
  await waitFor(() => expect(last().get('status')).toBe('live'));
  fireEvent.change(screen.getByLabelText('Search calls'), { target: { value: 'nova' } });
  await waitFor(() => expect(last().get('q')).toBe('nova'));
  expect(Object.fromEntries(last())).toEqual({ status: 'live', q: 'nova', limit: '20', skip: '0' });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'live', q: 'nova' });

  fireEvent.change(screen.getByLabelText('Search calls'), { target: { value: 'nobody' } });
  expect(await screen.findByText('No calls match “nobody”')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(last().toString()).toBe('limit=20&skip=0'));
  expect(router.state.location.search).toBe('');
});

it('reads the list again every 5 seconds while live calls are shown, and not when none are', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { api, rows } = callDesk([ended()]);
  renderAdmin('/admin/calls');
  await rowWith('Kai Caller');
  const reads = () => api.requestsTo(adminCallRoutes.list).length;
  expect(reads()).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(12_000));
  expect(reads()).toBe(1);
  expect(screen.queryByText('Live calls refresh every 5 seconds.')).not.toBeInTheDocument();

  // The Live filter refreshes even while empty: a call may start any moment.
  fireEvent.click(screen.getByRole('button', { name: 'Live' }));
  expect(await screen.findByText('No calls right now')).toBeVisible();
  const before = reads();
  const live = aCall({ caller: { _id: 'u-5', username: 'new', name: 'New Caller' } });
  rows.set(live._id, live);
  await act(() => vi.advanceTimersByTimeAsync(5_000));
  expect(reads()).toBe(before + 1);
  expect(await screen.findByText('New Caller')).toBeVisible();
  expect(screen.getByText('Live calls refresh every 5 seconds.')).toBeVisible();

  // Under All, a live row keeps the refresh going.
  fireEvent.click(screen.getByRole('button', { name: 'All' }));
  await rowWith('Kai Caller');
  const underAll = reads();
  await act(() => vi.advanceTimersByTimeAsync(5_000));
  expect(reads()).toBe(underAll + 1);
});

it("reads an administrator's end of a call in the audit log, its charge in tokens", async () => {
  fakeApi().answer(auditRoutes.list, () =>
    page([
      {
        _id: anId(),
        actorId: '00000000-0000-4000-8000-000000000001',
        actorEmail: 'admin@example.test',
        action: 'call.end',
        targetType: 'call',
        targetId: 'dddddddd-0000-4000-8000-000000000999',
        before: { status: 'connected' },
        after: { status: 'ended', endReason: 'admin-ended', minutesCharged: 2, tokensCharged: 500 },
        ip: null,
        createdAt: '2026-03-02T10:00:00.000Z',
      },
    ]),
  );
  renderAdmin('/admin/audit?action=call');

  const row = (await screen.findByText('Ended call')).closest('tr')!;
  expect(within(row).getByText('Call')).toBeVisible();
  expect(
    within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['status: connected → ended', 'endReason: admin-ended', 'minutesCharged: 2', 'tokensCharged: 5.00 tokens']);
  expect(screen.getByLabelText('Action')).toHaveValue('call');
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { callRoutes, type RouteAnswer } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aCall, aModel, asModelSees, renderCallPages } from './historyHarness';

afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (text: string) => screen.getByText(text).closest('li')!;

it('lists calls with the other party, direction, time, M:SS duration, rate, tokens and status, 20 to a page', async () => {
  const first = aCall({ duration: 125, callRate: 3, tokensUsed: 9 });
  const later = aCall({
    otherParty: { _id: 'm-2', name: 'Nora Blue', username: 'nora_b', avatarUrl: null },
    duration: 7,
    tokensUsed: 1.5,
    callRate: 1.5,
  });
  const api = fakeApi().answer(callRoutes.history, ({ query }) => (query.get('skip') === '20' ? page([later], 21) : page([first], 21)));
  renderCallPages('/calls');

  await screen.findByText('Ruby Rose');
  const row = rowOf('Ruby Rose');
  expect(within(row).getByText('@ruby_rose')).toBeVisible();
  expect(within(row).getByText('Outgoing')).toBeVisible();
  expect(within(row).getByText('2:05')).toBeVisible();
  expect(within(row).getByText('3.00/min')).toBeVisible();
  expect(within(row).getByText('9.00')).toBeVisible();
  expect(within(row).getByText('Ended')).toBeVisible();
  expect(within(row).getByRole('link', { name: 'Receipt for the call with Ruby Rose' })).toHaveAttribute('href', `/calls/${first.callId}`);
  expect(screen.getByText('1–20 of 21')).toBeVisible();
  const firstRequest = api.requestsTo(callRoutes.history)[0]!;
  expect(firstRequest.query.get('limit')).toBe('20');
  expect(firstRequest.query.get('skip')).toBe('0');

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const next = (await screen.findByText('Nora Blue')).closest('li')!;
  expect(within(next).getByText('0:07')).toBeVisible();
  expect(within(next).getByText('1.50')).toBeVisible();
  expect(screen.getByText('21–21 of 21')).toBeVisible();
  expect(api.requestsTo(callRoutes.history).at(-1)!.query.get('skip')).toBe('20');
});

it('says each status in words, and a call that never connected has no duration', async () => {
  const party = (name: string) => ({ _id: name, name, username: name.toLowerCase(), avatarUrl: null });
  const never = { connectedAt: null, endedAt: '2026-03-04T10:12:30.000Z', duration: 0, minutesCharged: 0, tokensUsed: 0 };
  fakeApi().answer(
    callRoutes.history,
    page([
      aCall({ otherParty: party('Amy') }),
      aCall({ otherParty: party('Bea'), status: 'declined', endReason: 'declined', ...never }),
      aCall({ otherParty: party('Cat'), status: 'missed', endReason: 'no-answer', ...never }),
      aCall({ otherParty: party('Dee'), status: 'failed', endReason: 'failed', ...never }),
      aCall({ otherParty: party('Eve'), status: 'connected', endReason: null, endedAt: null, duration: 42, minutesCharged: 1 }),
      aCall({ otherParty: party('Fay'), status: 'ringing', endReason: null, ...never, endedAt: null }),
      aCall({ otherParty: party('Gil'), status: 'ended', endReason: 'caller-cancelled', ...never }),
    ]),
  );
  renderCallPages('/calls');
  await screen.findByText('Amy');
  expect(within(rowOf('Amy')).getByText('Ended')).toBeVisible();
  expect(within(rowOf('Bea')).getByText('Declined')).toBeVisible();
  expect(within(rowOf('Bea')).getByText('—')).toBeVisible();
  // Nobody answered the call she placed: "No answer", not "Missed" (the model's word) nor "Declined".
  expect(within(rowOf('Cat')).getByText('No answer')).toBeVisible();
  expect(within(rowOf('Dee')).getByText('Failed')).toBeVisible();
  expect(within(rowOf('Eve')).getByText('In progress')).toBeVisible();
  expect(within(rowOf('Eve')).getByText('0:42')).toBeVisible();
  expect(within(rowOf('Fay')).getByText('Ringing')).toBeVisible();
  // She hung up while it rang: cancelled, not "Ended".
  expect(within(rowOf('Gil')).getByText('Cancelled')).toBeVisible();
  expect(within(rowOf('Gil')).queryByText('Ended')).not.toBeInTheDocument();
});

it('a model sees a call she did not answer as missed', async () => {
  const never = { connectedAt: null, endedAt: '2026-03-04T10:12:30.000Z', duration: 0, minutesCharged: 0, tokensUsed: 0 };
  fakeApi().answer(callRoutes.history, page([asModelSees(aCall({ status: 'missed', endReason: 'no-answer', ...never }))]));
  renderCallPages('/calls', aModel());
  await screen.findByText('Ada Lovelace');
  expect(within(rowOf('Ada Lovelace')).getByText('Missed')).toBeVisible();
});

it('a model sees who called her, as incoming, and her call settings beside the history', async () => {
  fakeApi().answer(callRoutes.history, page([asModelSees(aCall())]));
  renderCallPages('/calls', aModel());
  await screen.findByText('Ada Lovelace');
  expect(within(rowOf('Ada Lovelace')).getByText('Incoming')).toBeVisible();
  // Her calls sit among her other creator tools (issue #28).
  const nav = screen.getByRole('navigation', { name: 'Creator tools' });
  expect(within(nav).getByRole('link', { name: 'Call history' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Softphone and settings' })).toHaveAttribute('href', '/calls/settings');
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Earnings', 'Payouts', 'Payout account', 'My store', 'Call history', 'Softphone and settings']);
});

it('says what will show when there are no calls yet, and offers a retry when they cannot load', async () => {
  let fail = true;
  fakeApi().answer(callRoutes.history, () => (fail ? refusal(500, 'The server had a problem.') : page([])));
  renderCallPages('/calls');
  expect(await screen.findByText('Could not load your calls')).toBeVisible();
  expect(screen.getByText('The server had a problem.')).toBeVisible();
  expect(screen.queryByRole('list', { name: 'Calls' })).not.toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  const empty = (await screen.findByText('No calls yet')).closest('.ui-empty') as HTMLElement;
  expect(empty).toHaveTextContent('Calls you make show here with their duration, rate and the tokens they cost.');
  expect(within(empty).getByRole('link', { name: 'Browse models' })).toHaveAttribute('href', '/models');
  // A member has no call settings.
  expect(screen.queryByRole('navigation', { name: 'Creator tools' })).not.toBeInTheDocument();
});

it('shows a loading skeleton until the calls arrive', async () => {
  let answer: (value: RouteAnswer<typeof callRoutes.history>) => void = () => undefined;
  fakeApi().answer(callRoutes.history, () => new Promise<RouteAnswer<typeof callRoutes.history>>((resolve) => (answer = resolve)));
  renderCallPages('/calls');
  expect(await screen.findByRole('status', { name: 'Loading your calls' })).toBeVisible();
  answer(page([aCall()]));
  expect(await screen.findByText('Ruby Rose')).toBeVisible();
  expect(screen.queryByRole('status', { name: 'Loading your calls' })).not.toBeInTheDocument();
});

it('a receipt says who, when, how long, the rate, the minutes charged, the total, the billing rule and why it ended', async () => {
  const call = aCall({
    callId: '1f0c9a2e-5b7d-4c3a-9e21-6d4f8a0b7c11',
    duration: 125,
    minutesCharged: 3,
    callRate: 3,
    tokensUsed: 9,
    endReason: 'insufficient-tokens',
  });
  fakeApi().answer(callRoutes.status, call);
  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  renderCallPages(`/calls/${call.callId}`);

  const receipt = await screen.findByRole('article', { name: 'Call receipt' });
  expect(within(receipt).getByText('Ruby Rose')).toBeVisible();
  expect(within(receipt).getByText('You called Ruby Rose.')).toBeVisible();
  // A short reference, not the UUID, with the whole id on hover.
  expect(within(receipt).getByText('Reference CALL-1F0C9A2E')).toHaveAttribute('title', '1f0c9a2e-5b7d-4c3a-9e21-6d4f8a0b7c11');
  const fact = (term: string) => within(receipt).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
  expect(fact('Started')).toMatch(/^Mar 4, 2026, \d{1,2}:12 [AP]M$/);
  expect(fact('Connected')).toMatch(/^Mar 4, 2026, \d{1,2}:12 [AP]M$/);
  expect(fact('Ended')).toMatch(/^Mar 4, 2026, \d{1,2}:14 [AP]M$/);
  expect(fact('Duration')).toBe('2:05');
  expect(fact('Rate')).toBe('3.00 tokens per minute');
  expect(fact('Minutes charged')).toBe('3');
  const lines = within(receipt).getByRole('table', { name: 'Charges' });
  expect(within(lines).getByText('Minute 1, charged at 0:05').closest('tr')!).toHaveTextContent(/^Minute 1, charged at 0:0513\.00$/);
  expect(
    within(lines)
      .getByText(/Minutes 2–3/)
      .closest('tr')!,
  ).toHaveTextContent(/^Minutes 2–3, each charged at its first second \(1:01, 2:01, …\)26\.00$/);
  expect(within(lines).getByText('Total tokens paid').closest('tr')!).toHaveTextContent(/^Total tokens paid9\.00$/);
  expect(receipt).toHaveTextContent('Billed per started minute: minute 1 at 5 seconds, each further minute at its first second.');
  expect(receipt).toHaveTextContent('Your tokens ran out: the next minute could not be paid, so the call ended.');

  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('link', { name: 'All calls' })).toHaveAttribute('href', '/calls');
});

it("a model's receipt of a declined call charged nothing and says she declined it", async () => {
  const call = asModelSees(
    aCall({ status: 'declined', endReason: 'declined', connectedAt: null, duration: 0, minutesCharged: 0, tokensUsed: 0 }),
  );
  fakeApi().answer(callRoutes.status, call);
  renderCallPages(`/calls/${call.callId}`, aModel());
  const receipt = await screen.findByRole('article', { name: 'Call receipt' });
  expect(within(receipt).getByText('Ada Lovelace called you.')).toBeVisible();
  expect(within(receipt).getByText('Declined')).toBeVisible();
  expect(within(receipt).getByText('Connected', { selector: 'dt' }).nextElementSibling!).toHaveTextContent(/^Not connected$/);
  expect(within(receipt).getByText('Nothing charged: the call was never connected.')).toBeVisible();
  expect(within(receipt).getByText('Total tokens charged to the caller').closest('tr')!).toHaveTextContent('0.00');
  expect(receipt).toHaveTextContent('You declined the call.');
});

it('a receipt that is not yours, or does not exist, says so and leads back to the history', async () => {
  fakeApi().refuse(callRoutes.status, 404, 'Call not found');
  renderCallPages('/calls/00000000-0000-4000-8000-000000000999');
  expect(await screen.findByText('This call does not exist')).toBeVisible();
  expect(screen.getByRole('link', { name: 'See my calls' })).toHaveAttribute('href', '/calls');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument());
});

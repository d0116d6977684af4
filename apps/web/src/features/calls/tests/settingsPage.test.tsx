import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { callRoutes, type RouteAnswer } from '@cc/contracts';
import { fakeApi, refusal } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';
import { socketConnected } from '../../../shared/socket/socketSlice';
import { aModel, renderCallPages } from './historyHarness';
import { seeToast } from '../../../../test/toasts';

type Settings = RouteAnswer<typeof callRoutes.settings>;
const LOCAL: Settings = { callRate: 3, callAvailable: false, phoneNumber: null, provider: 'local' };

/** The settings routes as the server answers them, remembering what was saved. */
function settingsServer(initial: Settings = LOCAL) {
  let settings = { ...initial };
  return fakeApi()
    .answer(callRoutes.settings, () => settings)
    .answer(callRoutes.setRate, ({ body }) => {
      settings = { ...settings, callRate: (body as { callRate: number }).callRate };
      return settings;
    })
    .answer(callRoutes.updateSettings, ({ body }) => {
      settings = { ...settings, ...(body as Partial<Settings>) };
      return settings;
    });
}

/** Types like a person: one key at a time, the field seeing each step. */
function typeInto(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: '' } });
  let typed = '';
  for (const key of text) {
    typed += key;
    fireEvent.change(input, { target: { value: typed } });
  }
}

it('a model sets her call rate: wrong amounts are refused next to the field, a good one is saved with a toast', async () => {
  const api = settingsServer();
  const { store } = renderCallPages('/calls/settings', aModel({ callRate: 3 }));
  const rate = await screen.findByLabelText('Call rate');
  expect(rate).toHaveValue('3.00');
  expect(screen.getByText('Now 3.00 tokens per minute')).toBeVisible();
  const save = screen.getByRole('button', { name: 'Save rate' }) as HTMLButtonElement;
  expect(save).toBeDisabled();

  typeInto(rate, 'lots');
  fireEvent.blur(rate);
  expect(await screen.findByText('Enter an amount like 2.50')).toBeVisible();
  typeInto(rate, '100001');
  expect(await screen.findByText('The call rate must be at most 100,000.00 tokens')).toBeVisible();
  fireEvent.click(save);
  await screen.findByText('The call rate must be at most 100,000.00 tokens');
  expect(api.requestsTo(callRoutes.setRate)).toHaveLength(0);

  typeInto(rate, '4.50');
  await waitFor(() => expect(screen.queryByText('The call rate must be at most 100,000.00 tokens')).not.toBeInTheDocument());
  fireEvent.click(save);
  await seeToast('Members now pay 4.50 tokens per minute to call you.');
  expect(api.requestsTo(callRoutes.setRate)[0]!.body).toEqual({ callRate: 4.5 });
  expect(await screen.findByText('Now 4.50 tokens per minute')).toBeVisible();
  // The model's own copy follows, so the dashboard shows the new rate.
  expect(store.getState().auth.user!.callRate).toBe(4.5);
});

it('a refused rate keeps what was typed and says why in words', async () => {
  settingsServer().refuse(callRoutes.setRate, 403, 'Only approved models can set a call rate');
  renderCallPages('/calls/settings', aModel());
  const rate = await screen.findByLabelText('Call rate');
  typeInto(rate, '7');
  fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
  expect(await screen.findByText('Only approved models can set a call rate')).toBeVisible();
  expect(rate).toHaveValue('7');
});

it('the availability switch saves at once, says so, and stays put when the server refuses', async () => {
  const api = settingsServer();
  const { store } = renderCallPages('/calls/settings', aModel());
  const toggle = (await screen.findByRole('switch', { name: 'Available for calls' })) as HTMLInputElement;
  expect(toggle).not.toBeChecked();
  expect(screen.getByRole('status', { name: 'Softphone: Calls are off' })).toBeVisible();

  fireEvent.click(toggle);
  await seeToast('You are available for calls. Members see Call Now on your profile.');
  expect(api.requestsTo(callRoutes.updateSettings)[0]!.body).toEqual({ callAvailable: true });
  await waitFor(() => expect(toggle).toBeChecked());
  expect(store.getState().auth.user!.callAvailable).toBe(true);

  api.refuse(callRoutes.updateSettings, 500, 'The server had a problem.');
  fireEvent.click(toggle);
  expect(await screen.findByRole('alert')).toBeVisible();
  expect(screen.getByRole('alert')).toHaveTextContent(/^The server had a problem\.$/);
  expect(toggle).toBeChecked();
});

it('a refusal to take calls without a rate goes away once a rate is saved, and the switch then turns on', async () => {
  let settings: Settings = { ...LOCAL, callRate: 0 };
  const api = fakeApi()
    .answer(callRoutes.settings, () => settings)
    .answer(callRoutes.setRate, ({ body }) => {
      settings = { ...settings, callRate: (body as { callRate: number }).callRate };
      return settings;
    })
    .answer(callRoutes.updateSettings, ({ body }) =>
      settings.callRate === 0
        ? refusal(422, 'Set a call rate above 0 tokens before taking calls.')
        : (settings = { ...settings, ...(body as Partial<Settings>) }),
    );
  renderCallPages('/calls/settings', aModel());
  const toggle = await screen.findByRole('switch', { name: 'Available for calls' });
  fireEvent.click(toggle);
  expect(await within(toggle.closest('.settings-switch') as HTMLElement).findByRole('alert')).toHaveTextContent(
    'Set a call rate above 0 tokens before taking calls.',
  );

  typeInto(screen.getByLabelText('Call rate'), '2');
  fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
  // Saved: what the refusal asked for is done, so it is no longer said.
  const switchArea = toggle.closest('.settings-switch') as HTMLElement;
  await waitFor(() =>
    expect(within(switchArea).queryByText('Set a call rate above 0 tokens before taking calls.')).not.toBeInTheDocument(),
  );
  fireEvent.click(toggle);
  await waitFor(() => expect(toggle).toBeChecked());
  expect(api.requestsTo(callRoutes.updateSettings).map((r) => r.body)).toEqual([{ callAvailable: true }, { callAvailable: true }]);
});

it('with the local provider the softphone says to keep the site open, shows it is ready, and asks for notifications', async () => {
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  settingsServer({ ...LOCAL, callAvailable: true });
  const { store } = renderCallPages('/calls/settings', aModel({ callAvailable: true }));
  const card = (await screen.findByRole('heading', { name: 'Your softphone' })).closest('section')!;
  expect(within(card).getByText('Keep this site open to take calls: incoming calls ring here')).toBeVisible();
  expect(within(card).getByRole('status', { name: 'Softphone: Connecting…' })).toBeVisible();
  act(() => void store.dispatch(socketConnected()));
  expect(within(card).getByRole('status', { name: 'Softphone: Ready' })).toHaveTextContent('Incoming calls ring here, in this browser.');
  // No phone number with the local provider: the browser is the phone.
  expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();

  fireEvent.click(within(card).getByRole('button', { name: 'Allow notifications and sound' }));
  expect(await within(card).findByText('Notifications are on: a call is announced even when this tab is in the background.')).toBeVisible();
  expect(requestPermission).toHaveBeenCalledTimes(1);
  expect(within(card).getByRole('button', { name: 'Play a test ring' })).toBeVisible();
});

it('with Twilio the model gives the phone to ring, checked for its country code', async () => {
  const api = settingsServer({ ...LOCAL, provider: 'twilio', callAvailable: true });
  renderCallPages('/calls/settings', aModel({ callAvailable: true }));
  const phone = await screen.findByLabelText('Phone number');
  expect(screen.getByRole('status', { name: 'Softphone: No phone number' })).toBeVisible();
  expect(screen.queryByText('Keep this site open to take calls: incoming calls ring here')).not.toBeInTheDocument();

  typeInto(phone, '415555');
  fireEvent.blur(phone);
  expect(await screen.findByText('Enter the phone number with its country code, like +14155550123')).toBeVisible();
  typeInto(phone, '+14155550123');
  await waitFor(() =>
    expect(screen.queryByText('Enter the phone number with its country code, like +14155550123')).not.toBeInTheDocument(),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save number' }));
  await seeToast('Phone number saved. Calls ring it from now on.');
  expect(api.requestsTo(callRoutes.updateSettings)[0]!.body).toEqual({ phoneNumber: '+14155550123' });
  expect(await screen.findByRole('status', { name: 'Softphone: Ready' })).toHaveTextContent('Calls ring your phone, +14155550123.');
});

it('shows a skeleton while loading and a retry when the settings cannot load', async () => {
  let fail = true;
  fakeApi().answer(callRoutes.settings, () => (fail ? refusal(500, 'The server had a problem.') : LOCAL));
  renderCallPages('/calls/settings', aModel());
  expect(screen.getByRole('status', { name: 'Loading your call settings' })).toBeVisible();
  expect(await screen.findByText('Could not load your call settings')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('switch', { name: 'Available for calls' })).toBeVisible();
});

it('a member who is not a model is told call settings are for creators', async () => {
  const api = fakeApi();
  renderCallPages('/calls/settings', buildMe());
  expect(await screen.findByText('Call settings are for creators')).toBeVisible();
  expect(screen.getByRole('link', { name: 'See my calls' })).toHaveAttribute('href', '/calls');
  expect(api.requestsTo(callRoutes.settings)).toHaveLength(0);
});

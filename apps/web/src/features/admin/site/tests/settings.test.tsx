import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { settingsRoutes, systemRoutes, type Settings } from '@cc/contracts';
import { fakeApi } from '../../../../../test/fakeApi';
import { renderAdmin, someSettings } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:favicon');
  URL.revokeObjectURL = vi.fn();
});

/** The settings routes plus the shell's public config, which must follow what was saved. */
function settingsServer(initial: Settings = someSettings()) {
  let saved = initial;
  return fakeApi()
    .answer(settingsRoutes.get, () => saved)
    .answer(systemRoutes.publicConfig, () => ({ siteName: saved.siteName, siteFavicon: saved.siteFavicon }))
    .answer(settingsRoutes.update, ({ body }) => {
      saved = { ...saved, ...(body as Partial<Settings>) };
      return saved;
    })
    .answer(settingsRoutes.uploadFavicon, () => {
      saved = { ...saved, siteFavicon: '/api/files/f1/favicon.png' };
      return saved;
    });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

it('saves the edited settings in wire units (tokens) and refreshes the site name the shell shows', async () => {
  const api = settingsServer();
  renderAdmin('/admin/settings', { withShellConfig: true });

  expect((await screen.findByLabelText('Site name')) as HTMLInputElement).toHaveValue('Creator Chat');
  expect(field('Minimum payout (tokens)')).toHaveValue('100.00');
  expect(field('Commission (%)')).toHaveValue('20');
  expect(field('Payout rate ($ a token)')).toHaveValue('0.08');
  expect(field('Sign-up tokens')).toHaveValue('0.00');
  expect(field('Ring time (seconds)')).toHaveValue('30');
  await waitFor(() => expect(screen.getByTestId('shell-site-name')).toHaveTextContent(/^Creator Chat$/));

  fireEvent.change(field('Site name'), { target: { value: 'Velvet Lounge' } });
  fireEvent.change(field('Commission (%)'), { target: { value: '25' } });
  fireEvent.change(field('Minimum payout (tokens)'), { target: { value: '1,250.50' } });
  fireEvent.change(field('Payout rate ($ a token)'), { target: { value: '0.1' } });
  fireEvent.change(field('Sign-up tokens'), { target: { value: '12.5' } });
  fireEvent.change(field('Ring time (seconds)'), { target: { value: '45' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

  await waitFor(() => expect(api.requestsTo(settingsRoutes.update)).toHaveLength(1));
  expect(api.requestsTo(settingsRoutes.update)[0]!.body).toMatchObject({
    siteName: 'Velvet Lounge',
    siteCommission: 25,
    minPayoutTokens: 1_250.5,
    // Typed in dollars, sent in the cents the contract counts.
    payoutRateCents: 10,
    signupFreeTokens: 12.5,
    callRingSeconds: 45,
  });
  await seeToast('Settings saved. The site uses them right away.');
  await waitFor(() => expect(screen.getByTestId('shell-site-name')).toHaveTextContent(/^Velvet Lounge$/));
  expect(field('Minimum payout (tokens)')).toHaveValue('1,250.50');
  expect(field('Sign-up tokens')).toHaveValue('12.50');
  expect(field('Ring time (seconds)')).toHaveValue('45');
});

it("puts the server's field error next to the field and keeps what was typed", async () => {
  settingsServer().refuse(settingsRoutes.update, 422, 'minPayoutTokens: Minimum payout is too high', {
    fields: { minPayoutTokens: 'Minimum payout is too high' },
  });
  renderAdmin('/admin/settings');

  fireEvent.change(await screen.findByLabelText('Minimum payout (tokens)'), { target: { value: '999999' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

  const message = await screen.findByText('Minimum payout is too high');
  const input = field('Minimum payout (tokens)');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
  expect(input).toHaveValue('999999');
});

it('checks the form against the contract before sending anything', async () => {
  const api = settingsServer();
  renderAdmin('/admin/settings');

  fireEvent.change(await screen.findByLabelText('Commission (%)'), { target: { value: '120' } });
  fireEvent.change(field('Contact e-mail'), { target: { value: 'not-an-address' } });
  fireEvent.change(field('Sign-up tokens'), { target: { value: '1000.01' } });
  fireEvent.change(field('Ring time (seconds)'), { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

  expect(await screen.findByText('Commission cannot be over 100 %')).toBeVisible();
  expect(screen.getByText('Contact e-mail must be a valid e-mail address')).toBeVisible();
  expect(screen.getByText('Sign-up tokens must be at most 1,000.00 tokens')).toBeVisible();
  expect(screen.getByText('Ring time must be at least 10 seconds')).toBeVisible();

  fireEvent.change(field('Sign-up tokens'), { target: { value: '1.255' } });
  fireEvent.change(field('Ring time (seconds)'), { target: { value: '30.5' } });
  fireEvent.blur(field('Sign-up tokens'));
  fireEvent.blur(field('Ring time (seconds)'));
  expect(await screen.findByText('Enter an amount of tokens, like 10 or 2.50 (0 gives none)')).toBeVisible();
  expect(await screen.findByText('Enter a whole number of seconds from 10 to 120')).toBeVisible();
  expect(api.requestsTo(settingsRoutes.update)).toHaveLength(0);
});

it('previews the footer HTML as it is typed', async () => {
  settingsServer();
  renderAdmin('/admin/settings');

  fireEvent.change(await screen.findByLabelText('Footer content (HTML)'), {
    target: { value: '<p>© 2026 <strong>Velvet</strong> Ltd</p>' },
  });

  const preview = screen.getByRole('region', { name: 'Preview' });
  expect(within(preview).getByText('Velvet').tagName).toBe('STRONG');
});

it('refuses a favicon that is too large or of the wrong type, and uploads a good one', async () => {
  const api = settingsServer();
  renderAdmin('/admin/settings');
  const input = await screen.findByLabelText('Favicon file');

  fireEvent.change(input, { target: { files: [new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] } });
  expect(await screen.findByText(/The favicon must be at most 1 MB/)).toBeVisible();
  fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'icon.svg', { type: 'image/svg+xml' })] } });
  expect(await screen.findByText('The favicon must be a PNG, ICO or WebP image.')).toBeVisible();
  expect(api.requestsTo(settingsRoutes.uploadFavicon)).toHaveLength(0);

  fireEvent.change(input, { target: { files: [new File(['ico-bytes'], 'brand.ico', { type: '' })] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Upload favicon' }));

  await waitFor(() => expect(api.requestsTo(settingsRoutes.uploadFavicon)).toHaveLength(1));
  const sent = api.requestsTo(settingsRoutes.uploadFavicon)[0]!.body as FormData;
  expect((sent.get('file') as File).name).toBe('brand.ico');
  expect(await screen.findByText(/Favicon updated/)).toBeVisible();
  expect(await screen.findByRole('img', { name: 'Current icon' })).toHaveAttribute('src', '/api/files/f1/favicon.png');
});

it("turns the xChat client's live events off", async () => {
  const api = settingsServer();
  renderAdmin('/admin/settings');
  const toggle = await screen.findByRole('checkbox', { name: "Send the xChat client's live events" });
  expect(toggle).toBeChecked();
  expect(toggle).toHaveAccessibleDescription(/about two events per message/);

  fireEvent.click(toggle);
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(api.requestsTo(settingsRoutes.update)).toHaveLength(1));
  expect(api.requestsTo(settingsRoutes.update)[0]!.body).toMatchObject({ legacySocketEvents: false });
  // Saved: the form starts again from what the server answered, the box still clear.
  await seeToast('All changes saved.');
  expect(screen.getByRole('checkbox', { name: "Send the xChat client's live events" })).not.toBeChecked();
});

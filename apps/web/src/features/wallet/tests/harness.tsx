import { vi } from 'vitest';
import type { AcceptResponse, AcceptSecureData, Invoice, Me, Payment, TokenPackage } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import MoneyLayout from '../components/MoneyLayout';
import CardsPage from '../pages/CardsPage';
import HistoryPage from '../pages/HistoryPage';
import InvoicePage from '../pages/InvoicePage';
import InvoicesPage from '../pages/InvoicesPage';
import EarningsPage from '../pages/EarningsPage';
import StatementPage from '../pages/StatementPage';
import TokensPage from '../pages/TokensPage';

// ---- the payment script ------------------------------------------------------------------------

/** Stands in for Accept.js: any Luhn-valid card gets a nonce naming its number's last four. */
export function fakeAccept() {
  const dispatchData = vi.fn((data: AcceptSecureData, handler: (response: AcceptResponse) => void) => {
    const last4 = data.cardData.cardNumber.slice(-4);
    setTimeout(() =>
      handler({
        messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
        opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: `nonce-${last4}-${dispatchData.mock.calls.length}` },
      }),
    );
  });
  window.Accept = { dispatchData };
  return dispatchData;
}

// ---- rendering ----------------------------------------------------------------------------------

/** The money pages at `path`, in their layout, signed in as `me`. */
export function renderMoney(path: string, me: Me = buildMe()) {
  return renderApp(
    [
      {
        Component: MoneyLayout,
        children: [
          { path: '/tokens', Component: TokensPage },
          { path: '/tokens/history', Component: HistoryPage },
          { path: '/tokens/statement', Component: StatementPage },
          { path: '/tokens/cards', Component: CardsPage },
          { path: '/invoices', Component: InvoicesPage },
          { path: '/earnings', Component: EarningsPage },
        ],
      },
      { path: '/invoices/:id', Component: InvoicePage },
    ],
    { path, me },
  );
}

// ---- data: token amounts in tokens and prices in cents and dollars, as the API sends them ---------

let serial = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function aPackage(overrides: Partial<TokenPackage> = {}): TokenPackage {
  const priceCents = overrides.priceCents ?? 999;
  return { _id: uuid(), name: 'Starter', tokens: 100, priceCents, price: priceCents / 100, ordering: 0, active: true, ...overrides };
}

export function aPayment(overrides: Partial<Payment> = {}): Payment {
  const amountCents = overrides.amountCents ?? 999;
  return {
    _id: uuid(),
    status: 'approved',
    packageName: 'Starter',
    tokens: 100,
    amountCents,
    amount: amountCents / 100,
    cardLast4: '1111',
    cardBrand: 'Visa',
    failureMessage: null,
    invoiceId: uuid(),
    refundedCents: null,
    refundedTokens: null,
    createdAt: '2026-03-04T10:12:00.000Z',
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: uuid(),
    number: 'INV-000042',
    issuedAt: '2026-03-04T10:12:00.000Z',
    packageName: 'Popular',
    tokens: 1_200,
    amountCents: 123_456,
    amount: 1_234.56,
    cardLast4: '1111',
    status: 'paid',
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
    seller: { siteName: 'Velvet Lounge' },
    ...overrides,
  };
}

export const SANDBOX_CONFIG = {
  provider: 'sandbox',
  scriptUrl: '/api/payment/sandbox/accept.js',
  apiLoginId: 'sandbox-login',
  clientKey: 'sandbox-key',
} as const;

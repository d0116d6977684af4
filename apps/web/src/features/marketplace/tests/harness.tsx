import { act } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import type { Me, Media, ProfileByUsername, PurchaseItem, SellItem } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import ModelProfileRoute from '../../../app/routes/ModelProfileRoute';
import { BalanceChip } from '../../../app/shell/BalanceChip';
import { useAppSelector } from '../../../shared/store/hooks';
import PurchasesPage from '../pages/PurchasesPage';
import StorePage from '../pages/StorePage';

function Login() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

/** The top bar's chip, fed by the cached member as in the shell, above the page. */
function Frame() {
  const me = useAppSelector((state) => state.auth.user);
  return (
    <>
      {me ? <BalanceChip balance={me.balance} /> : null}
      <Outlet />
    </>
  );
}

/**
 * The store pages and the model profile (composed as app/ composes it, with its Store section);
 * `me: null` is a signed-out visitor.
 */
export function renderStore(path: string, { me = buildMe() }: { me?: Me | null } = {}) {
  return renderApp(
    [
      {
        Component: Frame,
        children: [
          { path: '/store', Component: StorePage },
          { path: '/purchases', Component: PurchasesPage },
          { path: '/models/:username', Component: ModelProfileRoute },
          { path: '/auth/login', Component: Login },
          { path: '/tokens', element: <p>Tokens page</p> },
        ],
      },
    ],
    { path, me },
  );
}

let serial = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export const RUBY_ID = '00000000-0000-4000-8000-00000000aaaa';

export const aModel = () => ({ _id: RUBY_ID, username: 'ruby', name: 'Ruby Rose', avatarUrl: null });

export function aProfile(overrides: Partial<ProfileByUsername> = {}): ProfileByUsername {
  return {
    _id: RUBY_ID,
    username: 'ruby',
    name: 'Ruby Rose',
    bio: 'Late-night talks and vinyl records.',
    avatarUrl: null,
    type: 'model',
    tokenPerMessage: 1.5,
    callRate: 0,
    callAvailable: false,
    phoneVerified: false,
    isApproved: true,
    isActive: true,
    gender: null,
    age: null,
    city: '',
    state: '',
    country: '',
    createdAt: '2026-02-01T10:00:00.000Z',
    isFriend: false,
    contactId: null,
    ...overrides,
  };
}

/** A purchase as the API sends it: the price in tokens. */
export function aPurchase(overrides: Partial<PurchaseItem> = {}): PurchaseItem {
  const _id = overrides._id ?? uuid();
  return {
    _id,
    sellItemId: uuid(),
    modelId: RUBY_ID,
    model: aModel(),
    name: 'Sunset at the pier',
    description: 'A warm evening photo.',
    mediaType: 'photo',
    price: 12.5,
    previewUrl: `/api/sell-item/${_id}/preview`,
    downloadUrl: `/api/purchase-item/${_id}/download/`,
    fileName: 'sunset.jpg',
    mimeType: 'image/jpeg',
    size: 204_800,
    transactionId: uuid(),
    createdAt: '2026-03-04T10:12:00.000Z',
    ...overrides,
  };
}

/** An item on sale as the API sends it: the price in tokens. */
export function aSellItem(overrides: Partial<SellItem> = {}): SellItem {
  const _id = overrides._id ?? uuid();
  return {
    _id,
    modelId: RUBY_ID,
    model: aModel(),
    name: 'Sunset at the pier',
    description: 'A warm evening photo.',
    price: 12.5,
    mediaType: 'photo',
    previewUrl: `/api/sell-item/${_id}/preview`,
    mimeType: 'image/jpeg',
    size: 204_800,
    isPurchased: false,
    purchasedItem: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aMedia(overrides: Partial<Media> = {}): Media {
  const _id = overrides._id ?? uuid();
  return {
    _id,
    type: 'photo',
    name: 'beach.jpg',
    mimeType: 'image/jpeg',
    size: 2048,
    url: `/api/media/${_id}/download/`,
    thumbnailUrl: `/api/media/${_id}/thumbnail`,
    width: 800,
    height: 600,
    createdAt: '2026-03-04T10:12:00.000Z',
    ...overrides,
  };
}

export const aModelMe = (overrides: Partial<Me> = {}) =>
  buildMe({ _id: RUBY_ID, username: 'ruby', name: 'Ruby Rose', type: 'model', modelStatus: 'approved', ...overrides });

/** Stands in for XMLHttpRequest (uploads): records what was sent; the test plays progress and the answer. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

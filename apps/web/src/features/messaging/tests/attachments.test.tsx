import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { conversationRoutes, messageRoutes, type SendMessageInput } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aConversation, aMedia, aMessage, renderChat } from './harness';

/** Stands in for XMLHttpRequest (uploads): records what was sent; the test plays progress and the answer. */
class FakeXhr {
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

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

function openChat() {
  const conversation = aConversation();
  const api = fakeApi()
    .answer(conversationRoutes.list, page([conversation]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false })
    .answer(messageRoutes.send, ({ body }) => {
      const input = body as SendMessageInput;
      return aMessage({ conversationId: conversation._id, clientId: input.clientId, type: input.type, text: '', media: photo, seq: 3 });
    });
  renderChat(`/messages/${conversation._id}`);
  return { api, conversation };
}

const photo = aMedia({ name: 'beach.jpg' });

const choose = (file: File) => fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });

function fileOf(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

it('refuses a photo that is too large before any upload starts', async () => {
  const { api } = openChat();
  await screen.findByRole('log', { name: 'Messages' });
  choose(fileOf('huge.jpg', 'image/jpeg', 21 * 1024 * 1024));
  expect(await screen.findByRole('alert')).toHaveTextContent('Photo is too large: the limit is 20 MB.');
  expect(FakeXhr.all).toHaveLength(0);
  expect(api.requests.filter((request) => request.path.startsWith('/api/media'))).toHaveLength(0);
  expect(api.requestsTo(messageRoutes.send)).toHaveLength(0);
});

it('refuses a type that cannot be sent before any upload starts', async () => {
  openChat();
  await screen.findByRole('log', { name: 'Messages' });
  choose(fileOf('setup.exe', 'application/x-msdownload', 2048));
  expect(await screen.findByRole('alert')).toHaveTextContent('This kind of file cannot be sent.');
  expect(FakeXhr.all).toHaveLength(0);
});

it('uploads in the background with progress, and sends photo and caption only on Send', async () => {
  const { api, conversation } = openChat();
  const log = await screen.findByRole('log', { name: 'Messages' });
  choose(fileOf('beach.jpg', 'image/jpeg', 300_000));

  await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  const xhr = FakeXhr.all[0]!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('/api/media/photos');
  expect(xhr.headers.Authorization).toBe('Bearer test-token');
  expect((xhr.body!.get('file') as File).name).toBe('beach.jpg');

  const preview = screen.getByRole('group', { name: 'Attachment: beach.jpg' });
  xhr.progress(150_000, 300_000);
  const bar = within(preview).getByRole('progressbar', { name: 'Upload of beach.jpg' }) as HTMLProgressElement;
  expect(bar.value).toBe(0.5);
  const send = screen.getByRole('button', { name: 'Send · 1.50 tokens' }) as HTMLButtonElement;
  expect(send).toBeDisabled();

  xhr.answer(201, { data: photo });
  await waitFor(() => expect(send).toBeEnabled());
  expect(within(preview).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(api.requestsTo(messageRoutes.send)).toHaveLength(0);

  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'At the beach' } });
  fireEvent.click(send);
  await waitFor(() => expect(api.requestsTo(messageRoutes.send)).toHaveLength(1));
  expect(api.requestsTo(messageRoutes.send)[0]!.body).toMatchObject({
    conversationId: conversation._id,
    type: 'photo',
    text: 'At the beach',
    mediaId: photo._id,
  });
  const image = await within(log).findByRole('img', { name: 'beach.jpg' });
  expect(image).toHaveAttribute('src', photo.thumbnailUrl);
  expect(screen.queryByRole('group', { name: /^Attachment/ })).not.toBeInTheDocument();
});

it('removing the attachment stops its upload and sends nothing', async () => {
  const { api } = openChat();
  await screen.findByRole('log', { name: 'Messages' });
  choose(fileOf('notes.pdf', 'application/pdf', 4096));
  await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  expect(FakeXhr.all[0]!.url).toBe('/api/media/files');
  fireEvent.click(screen.getByRole('button', { name: 'Remove notes.pdf' }));
  await waitFor(() => expect(screen.queryByRole('group', { name: /^Attachment/ })).not.toBeInTheDocument());
  expect(api.requestsTo(messageRoutes.send)).toHaveLength(0);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

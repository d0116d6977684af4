import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { conversationRoutes, messageRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aConversation, aMessage, newestFirst, renderChat } from './harness';

/**
 * jsdom has no layout: the history's scroller gets a height of 50 px per message and a 300 px
 * viewport, enough to check where the view goes when messages are prepended or appended.
 */
const ROW_PX = 50;
const scrollTops = new WeakMap<Element, number>();
const descriptors = {
  scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
  scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop'),
};

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return this.querySelectorAll('[data-testid="message"]').length * ROW_PX;
    },
  });
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 300 });
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrollTops.set(this, Math.max(0, Math.min(value, this.scrollHeight - this.clientHeight)));
    },
  });
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
  }
});

it('starts at the newest message and keeps the view still when older ones are prepended by scrolling up', async () => {
  const conversation = aConversation();
  const numbered = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) =>
      aMessage({ conversationId: conversation._id, text: `Message ${from + index}`, seq: from + index }),
    );
  fakeApi()
    .answer(conversationRoutes.list, page([conversation]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 40, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, ({ query }) =>
      query.get('before') === '21'
        ? { items: newestFirst(numbered(1, 20)), count: 40, hasMore: false }
        : { items: newestFirst(numbered(21, 40)), count: 40, hasMore: true },
    );
  renderChat(`/messages/${conversation._id}`);

  const log = await screen.findByRole('log', { name: 'Messages' });
  await within(log).findByText('Message 40');
  const scroller = log.closest('.chat-scroll')!;
  // At the bottom: 20 rows of 50 px in a 300 px view.
  expect(scroller.scrollTop).toBe(20 * ROW_PX - 300);

  // The reader scrolls up to 100 px from the top: the older page loads by itself...
  scroller.scrollTop = 100;
  fireEvent.scroll(scroller);
  await within(log).findByText('Message 1');
  // ...and the same messages stay under their eyes: 20 rows (1000 px) went in above.
  await waitFor(() => expect(scroller.scrollTop).toBe(100 + 20 * ROW_PX));
});

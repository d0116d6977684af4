import { okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './push';
import { pushPaths } from './push.paths';

const tags = ['notifications'];

/** Browser push (Web Push): the site's key and the signed-in member's subscriptions (docs/product.md#notifications). */
export const pushRoutes = {
  key: defineRoute({
    ...pushPaths.key,
    access: 'public',
    tags,
    summary: "The site's VAPID public key (URL-safe base64) for pushManager.subscribe",
    answer: pushKeySchema,
  }),
  subscribe: defineRoute({
    ...pushPaths.subscribe,
    access: 'member',
    tags,
    summary: "Store this browser's push subscription (PushSubscription.toJSON()) for me",
    description: 'The same endpoint again is the same subscription; it moves to whoever signed in on that browser last.',
    body: pushSubscriptionSchema,
    answer: okSchema,
    status: 201,
  }),
  unsubscribe: defineRoute({
    ...pushPaths.unsubscribe,
    access: 'member',
    tags,
    summary: 'Remove my push subscription for this endpoint',
    description: "Someone else's endpoint, or one not stored, removes nothing and answers the same.",
    body: pushUnsubscribeSchema,
    answer: okSchema,
  }),
};

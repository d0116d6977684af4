export * from './notifications';
export * from './notification-links';
export * from './notifications.routes';
export * from './push';
export * from './push.routes';

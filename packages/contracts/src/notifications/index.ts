export * from './notifications';
export * from './notifications.routes';
export * from './push';
export * from './push.routes';

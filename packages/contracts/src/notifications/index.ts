export * from './notifications';
export * from './notifications.routes';

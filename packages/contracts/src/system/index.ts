export * from './schemas';
export * from './favicon';
export * from './system.routes';
export * from './settings.routes';
export * from './menus.routes';
export * from './outbox.routes';
export * from './platform.routes';
export * from './audit.routes';

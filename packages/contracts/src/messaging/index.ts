export * from './contacts';
export * from './media';
export * from './messages';
export * from './conversations';
export * from './notifications';

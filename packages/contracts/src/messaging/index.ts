export * from './message-limits';
export * from './messages';
export * from './conversations';
export * from './messages.routes';
export * from './conversations.routes';

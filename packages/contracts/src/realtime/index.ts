export * from './socket';
export * from './events';
export * from './xchat-events';

export * from './events';
export * from './xchat-events';

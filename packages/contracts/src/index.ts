export * from './common/envelope';
export * from './common/money';
export * from './accounts';
export * from './system';
export * from './tokens';
export * from './calls';
export * from './messaging';
export * from './realtime';

export * from './constants';
export * from './schemas';
export * from './calls.routes';
export * from './admin-calls.routes';
export * from './twilio.routes';

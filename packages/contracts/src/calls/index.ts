export * from './constants';
export * from './calls';
export * from './admin-calls';
export * from './calls.routes';
export * from './admin-calls.routes';
export * from './twilio.routes';

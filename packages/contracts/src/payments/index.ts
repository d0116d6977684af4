export * from './packages';
export * from './payments';
export * from './packages.routes';
export * from './payments.routes';
export * from './admin-payments.routes';

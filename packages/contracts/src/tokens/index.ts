export * from './wallet';
export * from './packages';
export * from './payments';
export * from './wallet.routes';
export * from './packages.routes';
export * from './payments.routes';
export * from './admin-earnings.routes';
export * from './admin-payments.routes';

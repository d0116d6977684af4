export * from './wallet';
export * from './wallet.routes';
export * from './admin-earnings.routes';

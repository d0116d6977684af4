export * from './wallet';
export * from './admin-earnings';
export * from './wallet.routes';
export * from './admin-earnings.routes';

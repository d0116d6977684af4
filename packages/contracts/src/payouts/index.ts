export * from './payouts';
export * from './payouts.routes';

export * from './admin-items.routes';
export * from './items';
export * from './items.routes';
export * from './payouts';
export * from './payouts.routes';
export * from './posts';
export * from './posts.routes';

export * from './items';
export * from './items.routes';
export * from './admin-items.routes';

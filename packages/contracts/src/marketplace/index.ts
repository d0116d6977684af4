export * from './items';
export * from './admin-items';
export * from './items.routes';
export * from './admin-items.routes';

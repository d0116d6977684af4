export * from './media';
export * from './media.routes';

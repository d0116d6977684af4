export * from './media-types';
export * from './media';
export * from './media.routes';

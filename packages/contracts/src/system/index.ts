export * from './schemas';
export * from './favicon';

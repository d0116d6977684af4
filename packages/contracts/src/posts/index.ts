export * from './posts';
export * from './posts.routes';

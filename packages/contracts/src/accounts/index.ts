export * from './password';
export * from './schemas';
export * from './admin';

export * from './password';
export * from './schemas';
export * from './admin';
export * from './auth.routes';
export * from './profile.routes';
export * from './directory.routes';
export * from './contact-us.routes';
export * from './admin.routes';

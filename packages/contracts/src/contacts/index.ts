export * from './contacts';
export * from './contacts.routes';

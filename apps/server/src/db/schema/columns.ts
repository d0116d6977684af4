import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made and last changed: every table that has them spells them so. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

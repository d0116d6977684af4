/**
 * Members and their sign-in: accounts, sessions, codes, password resets, stored files and the
 * contact form's messages (modules/accounts, modules/media, modules/files).
 */
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    type: text('type', { enum: ['user', 'model'] })
      .notNull()
      .default('user'),
    /** active | deactivated (by the member) | suspended (by an administrator) */
    status: text('status', { enum: ['active', 'deactivated', 'suspended'] })
      .notNull()
      .default('active'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    avatarFileId: uuid('avatar_file_id'),
    modelStatus: text('model_status', { enum: ['none', 'pending', 'approved', 'refused'] })
      .notNull()
      .default('none'),
    /** { documentType, legalName, birthDate, fileId, submittedAt, reviewedAt, refusalReason } */
    verificationDocument: jsonb('verification_document'),
    tokenPerMessage: integer('token_per_message').notNull().default(100),
    callRate: integer('call_rate').notNull().default(0),
    callAvailable: boolean('call_available').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The model's own phone in E.164 form, rung by the Twilio provider; never shown to anyone else. */
    phoneNumber: text('phone_number'),
    /** Profile fields of the xChat form (docs/product.md#accounts); '' when not given. */
    gender: text('gender', { enum: ['male', 'female', 'transgender'] }),
    age: smallint('age'),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Private: the member and administrators only. */
    address: text('address').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_type_status_idx').on(t.type, t.modelStatus, t.status),
  ],
);

/** A signed-in device. The JWT names the session; revoking it ends that sign-in everywhere. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keepLogin: boolean('keep_login').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time codes: e-mail confirmation and the account code for deactivation and payouts. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'account'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Uploaded files kept in storage. `visibility` public files are served to anyone. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** `media`: photos, videos and files members upload for messages (and, later, items for sale). */
    kind: text('kind', { enum: ['avatar', 'document', 'site', 'media'] }).notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** For `media`: what the member uploaded it as. */
    mediaType: text('media_type', { enum: ['photo', 'video', 'file'] }),
    /** A small JPEG beside the file: a photo's thumbnail or a video's poster frame. */
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/**
 * What visitors sent through the contact form (docs/product.md#contact): kept so an administrator
 * can read and answer them even when the mail to the site team did not go out.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The signed-in sender, when there was one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_handled_idx').on(t.handledAt, t.createdAt)],
);

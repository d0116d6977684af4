import { z } from 'zod';
import { hasNoNul, pageQuerySchema } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { phoneNumberSchema } from '../calls/calls';
import { passwordSchema } from './password';

/**
 * Members and their accounts. Token amounts (balance, price per message, call rate) are tokens on
 * the wire and integer hundredths inside (docs/product.md#units). Request schemas follow
 * docs/product.md#compatibility: what a client written from the spec sends is enough.
 */

export const emailSchema = z
  .email({ error: 'Enter a valid e-mail address' })
  .max(254, 'E-mail must be at most 254 characters')
  .transform((e) => e.toLowerCase());

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, digits, dots and underscores')
  .transform((u) => u.toLowerCase());

/** A public profile's path parameter (/users/findByUsername/:username). */
export const usernameParamsSchema = z.object({ username: usernameSchema });

export const displayNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');

export const verifyCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const memberTypeSchema = z.enum(['user', 'model'], { error: "Type must be 'user' or 'model'" });
export type MemberType = z.infer<typeof memberTypeSchema>;
export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;
export const modelStatusSchema = z.enum(['none', 'pending', 'approved', 'refused']);
export type ModelStatus = z.infer<typeof modelStatusSchema>;
export const documentTypeSchema = z.enum(['ID', 'passport', 'driverCard'], {
  error: "Document type must be 'ID', 'passport' or 'driverCard'",
});

// ---- requests -------------------------------------------------------------------------------

/** The name is optional: without one, it starts as the username (docs/product.md#accounts). */
export const registerSchema = z.object({
  name: displayNameSchema.optional(),
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  type: memberTypeSchema.default('user'),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  keepLogin: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

export const verifyEmailSchema = z.object({ email: emailSchema, verifyCode: verifyCodeSchema });
export const emailOnlySchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(20, 'This reset link is not valid').max(200),
  password: passwordSchema,
});

/**
 * POST /users/updatePassword — `{ currentPassword, newPassword }`. The older name of the current
 * password, `password`, is still read (docs/product.md#compatibility).
 */
const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: passwordSchema,
});
export const updatePasswordSchema = z.preprocess(
  (body: z.input<typeof passwordChangeSchema>) => renameField(body, 'password', 'currentPassword'),
  passwordChangeSchema,
);
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const deactivateSchema = z.object({ verifyCode: verifyCodeSchema });

/**
 * POST /users/otp/ — no body, as the spec's clients send it; or what the code will confirm, so its
 * mail can name it: `{ purpose: 'payout', token }` (issue #28: "your payout request of 100.00
 * tokens, $8.00"). The code is the same account code either way.
 */
const accountCodeForSchema = z.object({
  purpose: z.enum(['payout', 'deactivate'], { error: "purpose is 'payout' or 'deactivate'" }).optional(),
  token: tokenAmount({ min: 1, label: 'The amount', description: 'A payout: the tokens the code will confirm' }).optional(),
});
export const accountCodeRequestSchema = z.preprocess((body) => body ?? {}, accountCodeForSchema);
export type AccountCodeRequest = z.input<typeof accountCodeForSchema>;
/** Decoded: `token` in hundredths. */
export type AccountCodeFor = z.output<typeof accountCodeForSchema>;

/** GET /users/otp/: whether the member's account code still waits to be used. */
export const accountCodeStatusSchema = z.object({
  pending: z.boolean(),
  /** ISO 8601; null when no code waits. */
  expiresAt: z.string().nullable(),
  message: z.string(),
  /** True when this request mailed a new code (a GET with the bearer header; docs/product.md#compatibility). */
  sent: z.boolean(),
});
export type AccountCodeStatus = z.infer<typeof accountCodeStatusSchema>;

export const genderSchema = z.enum(['male', 'female', 'transgender'], {
  error: "Gender must be 'male', 'female' or 'transgender'",
});
export type Gender = z.infer<typeof genderSchema>;

/** The youngest and oldest age a profile may state. */
export const PROFILE_AGE_MIN = 18;
export const PROFILE_AGE_MAX = 120;

/** An optional profile text: only a sent field changes, and an empty string clears it. */
const profileText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** '' or null clears; a digit string (what HTML forms send) is read as the number it spells. */
const clearable = (value: unknown) => (value === '' || value === null ? null : value);

const ageSchema = z.preprocess(
  (value) => {
    const v = clearable(value);
    return typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v;
  },
  z
    .number({ error: 'Age must be a whole number' })
    .int('Age must be a whole number')
    .min(PROFILE_AGE_MIN, `You must be at least ${PROFILE_AGE_MIN} years old`)
    .max(PROFILE_AGE_MAX, `Age must be at most ${PROFILE_AGE_MAX}`)
    .nullable(),
);

/**
 * A phone number in E.164 form (+ and 8–15 digits) once spaces, dots, dashes and brackets are
 * removed; '' or null clears it.
 */
export const profilePhoneSchema = z.preprocess(
  (value) => {
    const v = clearable(value);
    return typeof v === 'string' ? v.replace(/[\s().-]/g, '') : v;
  },
  // The same rule as the call settings' phone: an account has one phone.
  phoneNumberSchema.nullable(),
);

/**
 * PUT /users/updateProfile. Every field is optional and only the fields sent change. The xChat form
 * also sends `email` (accepted only when it is the current address) and `callAvailable` (models;
 * the same rules as PUT /masked-call/settings). docs/product.md#accounts.
 */
export const updateProfileSchema = z.object({
  name: displayNameSchema.optional(),
  username: usernameSchema.optional(),
  bio: z.string().trim().max(1000, 'Bio must be at most 1000 characters').optional(),
  gender: z.preprocess(clearable, genderSchema.nullable()).optional(),
  age: ageSchema.optional(),
  city: profileText('City', 100),
  state: profileText('State', 100),
  country: profileText('Country', 100),
  address: profileText('Address', 200),
  postCode: profileText('Post code', 20),
  phoneNumber: profilePhoneSchema.optional(),
  email: emailSchema.optional(),
  callAvailable: z.boolean({ error: 'callAvailable must be true or false' }).optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** The highest price of one message: 10,000.00 tokens (in hundredths). */
export const TOKEN_PER_MESSAGE_MAX = 1_000_000;

/** The price of one message in tokens (1.5 = 1.50); 0 makes messages free. */
export const messagePriceSchema = tokenAmount({
  max: TOKEN_PER_MESSAGE_MAX,
  label: 'Price',
  description: 'Tokens one message costs; 0 makes messages free',
});

/**
 * PUT /users/token-per-message — the spec's `{ token }`. `{ tokenPerMessage }`, the name the
 * answers give the price, is read too (docs/product.md#compatibility).
 */
const tokenPerMessageBodySchema = z.object({ token: messagePriceSchema });
export const tokenPerMessageSchema = z.preprocess(
  (body: z.input<typeof tokenPerMessageBodySchema>) => renameField(body, 'tokenPerMessage', 'token'),
  tokenPerMessageBodySchema,
);
export type TokenPerMessageInput = z.input<typeof tokenPerMessageSchema>;

/**
 * Fields sent with the verification document file (multipart). The legal name and the birth date
 * are required (docs/product.md#spec-field-exceptions); without a `documentType` the document is
 * filed as an identity card ('ID').
 */
export const documentFieldsSchema = z.object({
  documentType: documentTypeSchema.default('ID'),
  legalName: z.string().trim().min(2, 'Legal name is required').max(120, 'Legal name must be at most 120 characters'),
  // Required (docs/product.md#spec-field-exceptions): left empty, it asks for the date, not for a format.
  birthDate: z.iso.date({ error: (issue) => (issue.input ? 'Birth date must be a date (YYYY-MM-DD)' : 'Enter your birth date') }),
});

/**
 * POST /users/document as JSON: the document's fields and `fileId`, a file the member uploaded
 * before through /media/files or /media/photos (`documentFileId` is read too). The xChat names
 * firstName + lastName, birthday and type are mapped to legalName, birthDate and documentType.
 */
export const documentJsonSchema = z.preprocess(
  (body: unknown) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const b = body as Record<string, unknown>;
    const xChatName = [b['firstName'], b['lastName']].filter((part) => typeof part === 'string' && part.trim()).join(' ');
    return {
      ...b,
      legalName: b['legalName'] ?? (xChatName || undefined),
      birthDate: b['birthDate'] ?? b['birthday'],
      documentType: b['documentType'] ?? b['type'],
      fileId: b['fileId'] ?? b['documentFileId'],
    };
  },
  documentFieldsSchema.extend({
    fileId: z.uuid({
      error: (issue) => (issue.input ? 'fileId must be the id of an uploaded file' : 'Upload the document first and send its fileId'),
    }),
  }),
);
export type DocumentJsonInput = z.input<typeof documentJsonSchema>;

/** The contact form; it is stored as well as mailed, so NUL (which PostgreSQL text refuses) is a 422. */
export const contactUsSchema = z.object({
  name: displayNameSchema.refine(hasNoNul, 'Name cannot contain NUL characters'),
  email: emailSchema,
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters')
    .refine(hasNoNul, 'Message cannot contain NUL characters'),
});

/** Pages with limit/skip or take/page like every list (common/envelope.ts). */
export const userSearchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(80).optional(),
  /** Usernames containing this text, whatever the case (the xChat client's filter). */
  username: z.string().trim().max(80).optional(),
  type: memberTypeSchema.optional(),
});

// ---- answers --------------------------------------------------------------------------------

export const loginResultSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const verificationDocumentSchema = z.object({
  documentType: documentTypeSchema,
  legalName: z.string(),
  birthDate: z.string(),
  fileUrl: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** What everyone may see of a member. Never e-mail, balance or documents. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  type: memberTypeSchema,
  tokenPerMessage: tokenAmount({ description: 'Tokens one message to this member costs (0: free)' }),
  callRate: tokenAmount({ description: 'Tokens one minute of a call costs' }),
  callAvailable: z.boolean(),
  phoneVerified: z.boolean(),
  /** Models: approved by an administrator; members: always true. */
  isApproved: z.boolean(),
  /**
   * False once the account is deactivated or suspended: it cannot be written to. The xChat client
   * reads it on a conversation's members and keeps its input shut without it.
   */
  isActive: z.boolean(),
  gender: genderSchema.nullable(),
  age: z.number().int().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const listedUserSchema = publicUserSchema.extend({ isFriend: z.boolean() });
export type ListedUser = z.infer<typeof listedUserSchema>;

export const profileByUsernameSchema = listedUserSchema.extend({ contactId: z.string().nullable() });
export type ProfileByUsername = z.infer<typeof profileByUsernameSchema>;

/** The signed-in member's own view of themselves. */
export const meSchema = publicUserSchema.extend({
  email: z.string(),
  role: roleSchema,
  balance: tokenAmount({ description: 'Tokens the member holds' }),
  emailVerified: z.boolean(),
  isCompletedProfile: z.boolean(),
  modelStatus: modelStatusSchema,
  verificationDocument: verificationDocumentSchema.nullable(),
  /**
   * Private: the member and administrators only. Each is a string, '' when unset, as the xChat
   * profile form expects (its validation refuses null and blocks the whole form).
   */
  address: z.string(),
  postCode: z.string(),
  phoneNumber: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** POST /auth/register answers with what to do next and the address the code went to. */
export const registerResultSchema = z.object({ message: z.string(), email: z.string() });
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** Models must be adults; the server refuses a verification document otherwise. */
export const MODEL_MIN_AGE = 18;

/** Moves `from` to `to` in a JSON body when only the old name was sent, so both spellings parse. */
function renameField(body: unknown, from: string, to: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record[to] !== undefined || record[from] === undefined) return body;
  const { [from]: value, ...rest } = record;
  return { ...rest, [to]: value };
}

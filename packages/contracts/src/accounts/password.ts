import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './password-rules';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .max(200, 'Password must be at most 200 characters')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/\d/, 'Password must contain a digit')
  .regex(/[^A-Za-z0-9]/, 'Password must contain a special character');

import { randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { emailSchema, passwordSchema } from '@cc/contracts';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { createUsersRepository } from './users.repository';

/** Random, yet always within the password rule, so the administrator can later change it normally. */
function generatePassword() {
  for (;;) {
    const candidate = `${randomBytes(18).toString('base64url')}-aZ7`;
    if (passwordSchema.safeParse(candidate).success) return candidate;
  }
}

/** `admin@<public host>` when that is a valid address, else a reserved example domain. */
function defaultEmail(publicUrl: string) {
  const candidate = `admin@${new URL(publicUrl).hostname}`;
  return emailSchema.safeParse(candidate).success ? candidate : 'admin@example.com';
}

/**
 * First start: makes sure an administrator exists, from ADMIN_EMAIL / ADMIN_PASSWORD. Without a
 * password a random one is generated, printed once to the log (the one place a secret is logged, on
 * purpose: nobody could sign in otherwise) and written to DATA_DIR/admin-credentials.txt (mode 0600).
 * Two processes starting together both try; the unique username lets only one win.
 */
export async function ensureFirstAdmin(ctx: Pick<AppContext, 'db' | 'config' | 'log'>) {
  const users = createUsersRepository(ctx.db);
  if (await users.hasAdmin()) return;

  const email = (ctx.config.adminEmail ?? defaultEmail(ctx.config.publicUrl)).toLowerCase();
  const generated = ctx.config.adminPassword ? undefined : generatePassword();
  const password = ctx.config.adminPassword ?? generated!;
  try {
    await users.insert({
      email,
      username: 'admin',
      name: 'Administrator',
      passwordHash: await hashPassword(password),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (!(await users.hasAdmin()))
      ctx.log.error(`could not create the first administrator: the e-mail ${email} or the username "admin" belongs to a member`);
    return;
  }

  if (!generated) {
    ctx.log.info(`first administrator created: ${email} (password from ADMIN_PASSWORD)`);
    return;
  }
  const file = path.join(ctx.config.dataDir, 'admin-credentials.txt');
  await writeFile(file, `e-mail: ${email}\npassword: ${generated}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // the mode above applies only when the file is new
  ctx.log.warn(
    `first administrator created: ${email} / ${generated} (printed this once; also written to ${file}; change it after signing in)`,
  );
}

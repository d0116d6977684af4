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

/** Credentials generated on this start: `main.ts` shows them once, in a box, after it listens. */
export type FirstAdminCredentials = { email: string; password: string; file: string };

/**
 * First start: makes sure an administrator exists, from ADMIN_EMAIL / ADMIN_PASSWORD. Without a
 * password a random one is generated, written to DATA_DIR/admin-credentials.txt (mode 0600) and
 * returned so the operator sees it once on the terminal; it never goes to the log, which may be
 * shipped elsewhere. Two processes starting together both try; the unique username lets only one win.
 */
export async function ensureFirstAdmin(ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Promise<FirstAdminCredentials | null> {
  const users = createUsersRepository(ctx.db);
  if (await users.hasAdmin()) return null;

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
    return null;
  }

  if (!generated) {
    ctx.log.info(`first administrator created: ${email} (password from ADMIN_PASSWORD)`);
    return null;
  }
  const file = path.join(ctx.config.dataDir, 'admin-credentials.txt');
  await writeFile(file, `e-mail: ${email}\npassword: ${generated}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // the mode above applies only when the file is new
  ctx.log.warn(`first administrator created: ${email} (password written to ${file}; change it after signing in)`);
  return { email, password: generated, file };
}

/** The notice printed once after start-up, framed so it does not scroll by unnoticed among other lines. */
export function firstAdminBox({ email, password, file }: FirstAdminCredentials): string {
  const lines = [
    'First administrator created. Sign in with:',
    '',
    `  e-mail:   ${email}`,
    `  password: ${password}`,
    '',
    'This is shown once. It is also kept in',
    `  ${file}`,
    'Change the password after signing in.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border].join('\n');
}

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { latestCode, type TestApp } from '../../../test-support/harness';

export const STRONG_PASSWORD = 'Corr3ct-Horse!';

/** A unique person to register, so tests in one file never collide. */
export function newPerson(
  overrides: Partial<{ name: string; username: string; email: string; password: string; type: 'user' | 'model' }> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  return {
    name: `Person ${suffix}`,
    username: `person_${suffix}`,
    email: `person-${suffix}@example.test`,
    password: STRONG_PASSWORD,
    type: 'user' as const,
    ...overrides,
  };
}

/** Registers through the API, confirms with the mailed code and signs in: the whole journey. */
export async function registerVerifyAndLogin(app: TestApp, person = newPerson()) {
  const registered = await app.request('POST', '/api/auth/register', { body: person });
  expect(registered.status).toBe(201);
  const verifyCode = await latestCode(app, person.email);
  const verified = await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode } });
  expect(verified.status).toBe(200);
  const login = await app.request('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
  expect(login.status).toBe(200);
  return { person, token: login.body.data.token as string };
}

/** A multipart/form-data body: fields first, then the file (the order the server expects). */
export function multipart(fields: Record<string, string>, file?: { filename: string; contentType: string; content: Buffer }) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Files on disk under DATA_DIR/files/<kind>, to prove a refused upload left no bytes behind. */
export function storedFiles(app: TestApp, kind: 'avatar' | 'document'): string[] {
  const dir = path.join(app.config.dataDir, 'files', kind);
  return existsSync(dir) ? readdirSync(dir) : [];
}

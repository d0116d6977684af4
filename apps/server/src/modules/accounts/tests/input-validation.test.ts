import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember } from '../../../test-support/factories';
import { newPerson } from './helpers';

let app: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  // Many refused requests from one address: lift the per-IP limits this file is not about.
  app = await createTestApp({ config: { rateLimitScale: 10 } });
  member = (await createMember(app)).token;
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

type Case = [string, string, string, unknown, string, 'member' | 'admin' | null];

// [route, method, url, body, the msg, who calls]
const cases: Case[] = [
  [
    'register: weak password',
    'POST',
    '/api/auth/register',
    newPerson({ password: 'NoDigits!!x' }),
    'password: Password must contain a digit',
    null,
  ],
  [
    'register: short password',
    'POST',
    '/api/auth/register',
    newPerson({ password: 'Aa1!' }),
    'password: Password must be at least 8 characters',
    null,
  ],
  [
    'register: bad e-mail',
    'POST',
    '/api/auth/register',
    newPerson({ email: 'not-an-address' }),
    'email: Enter a valid e-mail address',
    null,
  ],
  ['register: bad type', 'POST', '/api/auth/register', { ...newPerson(), type: 'admin' }, "type: Type must be 'user' or 'model'", null],
  [
    'register: bad username',
    'POST',
    '/api/auth/register',
    newPerson({ username: 'no spaces' }),
    'username: Username may contain only letters, digits, dots and underscores',
    null,
  ],
  ['register: no name', 'POST', '/api/auth/register', { ...newPerson(), name: '   ' }, 'name: Name is required', null],
  [
    'verify: code letters',
    'POST',
    '/api/auth/verify/code',
    { email: 'a@example.test', verifyCode: '12ab56' },
    'verifyCode: The code has 6 digits',
    null,
  ],
  ['resend: bad e-mail', 'POST', '/api/auth/verify/resend', { email: 'nope' }, 'email: Enter a valid e-mail address', null],
  ['login: no password', 'POST', '/api/auth/login', { email: 'a@example.test' }, 'password: Password is required', null],
  [
    'login: keepLogin not a boolean',
    'POST',
    '/api/auth/login',
    { email: 'a@example.test', password: 'x', keepLogin: 'yes' },
    'keepLogin: Invalid input: expected boolean, received string',
    null,
  ],
  ['forgot: bad e-mail', 'POST', '/api/auth/forgot', { email: '' }, 'email: Enter a valid e-mail address', null],
  [
    'reset: short token',
    'POST',
    '/api/auth/reset',
    { token: 'abc', password: 'Good-Passw0rd' },
    'token: This reset link is not valid',
    null,
  ],
  [
    'updateProfile: short username',
    'PUT',
    '/api/users/updateProfile',
    { username: 'ab' },
    'username: Username must be at least 3 characters',
    'member',
  ],
  [
    'updateProfile: long bio',
    'PUT',
    '/api/users/updateProfile',
    { bio: 'x'.repeat(1001) },
    'bio: Bio must be at most 1000 characters',
    'member',
  ],
  [
    'updatePassword: weak',
    'POST',
    '/api/users/updatePassword',
    { password: 'whatever', newPassword: 'alllowercase1!' },
    'newPassword: Password must contain an uppercase letter',
    'member',
  ],
  ['deactivate: no code', 'PUT', '/api/users/deactivate', {}, 'verifyCode: Enter the 6-digit code', 'member'],
  ['token-per-message: text', 'PUT', '/api/users/token-per-message', { token: 'ten' }, 'token: Price must be a number of tokens', 'member'],
  [
    'findByUsername: too short',
    'GET',
    '/api/users/findByUsername/ab',
    undefined,
    'username: Username must be at least 3 characters',
    'member',
  ],
  ['search: limit too big', 'GET', '/api/users/search?limit=500', undefined, 'limit: Too big: expected number to be <=100', 'member'],
  ['search-friend: bad type', 'GET', '/api/users/search-friend?type=robot', undefined, "type: Type must be 'user' or 'model'", 'member'],
  ['contact-us: no message', 'POST', '/api/contact-us', { name: 'A', email: 'a@example.test' }, 'message: Message is required', null],
  [
    'admin models: bad status',
    'GET',
    '/api/admin/models?status=maybe',
    undefined,
    "status: Status must be 'pending', 'approved', 'refused' or 'all'",
    'admin',
  ],
  ['admin approve: bad id', 'POST', '/api/admin/models/42/approve', undefined, 'id: That id is not valid', 'admin'],
  [
    'admin refuse: no reason',
    'POST',
    `/api/admin/models/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/refuse`,
    {},
    'reason: Give the model a reason',
    'admin',
  ],
  ['admin users: negative skip', 'GET', '/api/admin/users?skip=-1', undefined, 'skip: Too small: expected number to be >=0', 'admin'],
  ['admin suspend: bad id', 'POST', '/api/admin/users/abc/suspend', undefined, 'id: That id is not valid', 'admin'],
];

it.each(cases)('%s → 422 with a message naming the problem', async (_name, method, url, body, msg, caller) => {
  const token = caller === 'member' ? member : caller === 'admin' ? admin : undefined;
  const res = await app.request(method, url, { token, body });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.msg).toBe(msg);
  expect(Object.keys(res.body.details.fields)).toContain(msg.split(':')[0]);
});

it('refuses a body that is not JSON', async () => {
  const res = await app.request('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('The request body is not valid JSON.');
});

it('refuses an upload that is not multipart', async () => {
  const res = await app.request('POST', '/api/users/avatar', { token: member, body: { file: 'x' } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('Send the file as multipart/form-data.');
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';

/** The xChat profile form's fields, isApproved, and what only the owner sees (docs/product.md#accounts). */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const update = (token: string, body: unknown) => app.request('PUT', '/api/users/updateProfile', { token, body });
const rowOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const xChatForm = {
  username: 'sunny_day',
  bio: 'I like long talks about films.',
  gender: 'female',
  age: 29,
  city: 'Lyon',
  state: 'Rhône',
  country: 'France',
  address: '12 rue de la Paix',
  postCode: '69001',
  phoneNumber: '+33 6 12 34 56 78',
};

describe('PUT /users/updateProfile with the xChat fields', () => {
  it('stores them, answers them in Me, and completes the profile without a picture', async () => {
    const { user, token } = await createMember(app);
    const res = await update(token, { ...xChatForm, username: 'rainy_day', email: user.email });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ...xChatForm,
      username: 'rainy_day',
      phoneNumber: '+33612345678',
      isCompletedProfile: true,
      isApproved: true,
      avatarUrl: null,
      email: user.email,
    });
    expect((await app.request('GET', '/api/users/me', { token })).body.data).toMatchObject({ city: 'Lyon', postCode: '69001' });
  });

  it('answers unset private details as empty strings, and takes them back as sent: the xChat form posts every field it read', async () => {
    const { token } = await createMember(app);
    const me = (await app.request('GET', '/api/users/me', { token })).body.data;
    // Its form validates each as a string before sending; a null would block the whole form.
    expect(me).toMatchObject({ address: '', postCode: '', phoneNumber: '', city: '', state: '', country: '' });
    const { username, email, address, postCode, phoneNumber, city, state, country } = me;
    const readBack = { username, email, address, postCode, phoneNumber, city, state, country };
    const res = await update(token, { ...readBack, gender: 'female', age: 29, bio: 'I like long talks about films.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...readBack, gender: 'female', age: 29, isCompletedProfile: true });
    expect((await update(token, { phoneNumber: '+33 6 12 34 56 78' })).body.data.phoneNumber).toBe('+33612345678');
    expect((await update(token, { phoneNumber: '' })).body.data.phoneNumber).toBe('');
  });

  it('changes only the fields sent, and an empty string clears one', async () => {
    const { token } = await createMember(app);
    await update(token, { city: 'Oslo', country: 'Norway', gender: 'male', age: 40 });
    const res = await update(token, { city: '', age: '' });
    expect(res.body.data).toMatchObject({ city: '', country: 'Norway', gender: 'male', age: null });
    expect((await update(token, { age: '33' })).body.data.age).toBe(33);
  });

  it('refuses an age under 18, a wrong gender, NUL, over-long text and wrong types with 422 naming the field; nothing is written', async () => {
    const { user, token } = await createMember(app);
    const before = await rowOf(user.id);
    for (const [body, field] of [
      [{ age: 17, city: 'Rome' }, 'age'],
      [{ age: 18.5 }, 'age'],
      [{ age: 'old' }, 'age'],
      [{ gender: 'robot', city: 'Rome' }, 'gender'],
      [{ city: 'Ro\u0000me' }, 'city'],
      [{ address: 'x'.repeat(201) }, 'address'],
      [{ postCode: 12345 }, 'postCode'],
      [{ phoneNumber: '12345' }, 'phoneNumber'],
      [{ callAvailable: 'yes' }, 'callAvailable'],
    ] as const) {
      const res = await update(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await rowOf(user.id)).toMatchObject({ city: before.city, age: before.age, gender: before.gender, address: '' });
  });

  it('accepts the current e-mail address and refuses another one (no unconfirmed change of the sign-in address)', async () => {
    const { user, token } = await createMember(app);
    expect((await update(token, { email: user.email.toUpperCase(), bio: 'Same address' })).status).toBe(200);
    const res = await update(token, { email: 'someone-else@example.test', bio: 'Changed?' });
    expect(res.status).toBe(422);
    expect(res.body.details.fields).toHaveProperty('email');
    expect(await rowOf(user.id)).toMatchObject({ email: user.email, bio: 'Same address' });
  });

  it('answers 401 without a session', async () => {
    expect((await update('', { city: 'Rome' })).status).toBe(401);
  });
});

describe('who sees which field', () => {
  it('shows gender, age, city, state and country publicly, never address, post code or phone; administrators see those', async () => {
    const model = await createModel(app);
    expect((await update(model.token, xChatForm)).status).toBe(200);
    const { token: viewer } = await createMember(app);
    const profile = await app.request('GET', '/api/users/findByUsername/sunny_day', { token: viewer });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      gender: 'female',
      age: 29,
      city: 'Lyon',
      state: 'Rhône',
      country: 'France',
      isApproved: true,
    });
    const listed = await app.request('GET', '/api/users/search?username=sunny', { token: viewer });
    const visitor = await app.request('GET', '/api/users/search?username=sunny');
    for (const shown of [profile.body.data, listed.body.data.items[0], visitor.body.data.items[0]]) {
      expect(shown).toBeDefined();
      expect(shown).not.toHaveProperty('address');
      expect(shown).not.toHaveProperty('postCode');
      expect(shown).not.toHaveProperty('phoneNumber');
      expect(shown).not.toHaveProperty('email');
    }
    const { token: admin } = await createAdmin(app);
    const rows = await app.request('GET', '/api/admin/users?q=sunny_day', { token: admin });
    expect(rows.body.data.items[0]).toMatchObject({ address: '12 rue de la Paix', postCode: '69001', phoneNumber: '+33612345678' });
  });

  it('says isApproved: members always, models once approved', async () => {
    const { token: member } = await createMember(app);
    const { token: pending } = await createModel(app, { modelStatus: 'pending' });
    const { token: approved } = await createModel(app);
    expect((await app.request('GET', '/api/users/me', { token: member })).body.data.isApproved).toBe(true);
    expect((await app.request('GET', '/api/users/me', { token: pending })).body.data.isApproved).toBe(false);
    expect((await app.request('GET', '/api/users/me', { token: approved })).body.data.isApproved).toBe(true);
  });
});

describe('the username filter of the member search', () => {
  it('matches usernames containing the text in any case, with LIKE wildcards taken literally, combined with q', async () => {
    const { token: viewer } = await createMember(app);
    const a = await createMember(app, { username: 'zed_alpha', name: 'Quinn One' });
    await createMember(app, { username: 'zedxalpha', name: 'Quinn Two' });
    await createMember(app, { username: 'zed_beta', name: 'Robin' });
    const names = async (query: string, path = '/api/users/search') =>
      ((await app.request('GET', `${path}?${query}`, { token: viewer })).body.data.items as { username: string }[]).map((u) => u.username);
    expect(await names('username=ZED_')).toEqual(['zed_alpha', 'zed_beta']);
    expect(await names('username=zed&q=Quinn')).toEqual(['zed_alpha', 'zedxalpha']);
    await app.request('POST', '/api/contact', { token: viewer, body: { userId: a.user.id } });
    expect(await names('username=zed', '/api/users/search-friend')).toEqual(['zed_alpha']);
    const bad = await app.request('GET', '/api/users/search?username=a%00b', { token: viewer });
    expect(bad.status).toBe(422);
  });
});

describe('sign-up without a name', () => {
  it('registers with username, email, password and type; the name starts as the username', async () => {
    const email = `noname-${Date.now()}@example.test`;
    const res = await app.request('POST', '/api/auth/register', {
      body: { username: 'No_Name_Yet', email, password: 'Corr3ct-Horse!', type: 'model' },
    });
    expect(res.status).toBe(201);
    const verifyCode = await latestCode(app, email);
    expect((await app.request('POST', '/api/auth/verify/code', { body: { email, verifyCode } })).status).toBe(200);
    const login = await app.request('POST', '/api/auth/login', { body: { email, password: 'Corr3ct-Horse!' } });
    const me = await app.request('GET', '/api/users/me', { token: login.body.data.token });
    expect(me.body.data).toMatchObject({ name: 'no_name_yet', username: 'no_name_yet', type: 'model', isApproved: false });
  });
});

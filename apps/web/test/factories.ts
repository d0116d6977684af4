import type { Me } from '@cc/contracts';

/** A signed-in member as GET /users/me returns it (amounts in tokens); override what the test is about. */
export function buildMe(overrides: Partial<Me> = {}): Me {
  return {
    _id: 'u-1',
    username: 'ada_l',
    name: 'Ada Lovelace',
    bio: '',
    avatarUrl: null,
    type: 'user',
    tokenPerMessage: 1,
    callRate: 0,
    callAvailable: false,
    phoneVerified: false,
    isApproved: true,
    isActive: true,
    gender: null,
    age: null,
    city: '',
    state: '',
    country: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    email: 'ada@example.test',
    role: 'user',
    balance: 1234.56,
    emailVerified: true,
    isCompletedProfile: false,
    modelStatus: 'none',
    verificationDocument: null,
    address: '',
    postCode: '',
    phoneNumber: '',
    ...overrides,
  };
}

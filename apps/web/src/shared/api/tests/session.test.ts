import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, markLoggedIn, readAccessToken, storeAccessToken } from '../session';

/** What the app writes to document.cookie (jsdom hides attributes such as expires when reading). */
function spyOnCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

// test/setup.ts clears the cookies and storage after each test; the cookie spy is this file's.
afterEach(() => vi.restoreAllMocks());

describe('the stored session (docs/product.md#accounts)', () => {
  it('keeps the token for 365 days with keep-login', () => {
    const writes = spyOnCookieWrites();
    const now = new Date('2026-03-01T12:00:00Z');
    storeAccessToken('jwt-1', true, now);
    expect(writes[0]).toContain('accessToken=jwt-1');
    expect(writes[0]).toContain('path=/');
    expect(writes[0]).toContain('SameSite=Lax');
    expect(writes[0]).toContain(`expires=${new Date('2027-03-01T12:00:00Z').toUTCString()}`);
    expect(readAccessToken()).toBe('jwt-1');
  });

  it('uses a browser-session cookie without keep-login', () => {
    const writes = spyOnCookieWrites();
    storeAccessToken('jwt-2', false);
    expect(writes[0]).not.toContain('expires=');
    expect(readAccessToken()).toBe('jwt-2');
  });

  it("keeps the login flag as 'yes' and forgets everything on clear", () => {
    storeAccessToken('jwt-3', true);
    markLoggedIn();
    expect(localStorage.getItem('isLoggedIn')).toBe('yes');
    clearStoredSession();
    expect(readAccessToken()).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });
});

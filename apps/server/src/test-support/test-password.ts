/** Every test account's password: strong enough for the password rule, and scanned for in the logs (harness.ts). */
export const TEST_PASSWORD = 'Str0ng!Passw0rd';

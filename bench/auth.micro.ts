/**
 * Sequential per-request cost of the authenticated read path, in process (no HTTP client in the
 * way): `node --import tsx bench/auth.micro.ts` (add DATABASE_URL for PostgreSQL).
 */
import { createTestApp } from '../apps/server/src/test-support/harness';
import { createMember } from '../apps/server/src/test-support/factories';
const app = await createTestApp();
const m = await createMember(app);
for (let i = 0; i < 200; i++) await app.request('GET', '/api/users/me', { token: m.token });
let t = performance.now();
for (let i = 0; i < 1000; i++) await app.request('GET', '/api/users/me', { token: m.token });
console.log('inject /users/me sequential', ((performance.now() - t) / 1000).toFixed(2), 'ms/req');
t = performance.now();
for (let i = 0; i < 1000; i++) await app.request('GET', '/api/health');
console.log('inject /health sequential', ((performance.now() - t) / 1000).toFixed(2), 'ms/req');
t = performance.now();
for (let i = 0; i < 1000; i++) await app.ctx.sessions.authenticate(m.token);
console.log('authenticate', ((performance.now() - t) / 1000).toFixed(2), 'ms/call');
await app.close();

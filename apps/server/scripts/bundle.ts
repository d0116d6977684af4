/** `npm run build --workspace @cc/server`: writes dist/main.mjs (scripts/bundle-server.ts). */
import { bundleServer } from './bundle-server';

await bundleServer();

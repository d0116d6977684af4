import type { PaymentsConfig } from '../../config/config';
import { createAuthorizeNetProvider } from './authorizenet/provider';
import { nonceKey } from './sandbox/nonce';
import { createSandboxProvider } from './sandbox/provider';
import type { PaymentProvider } from './types';

export * from './types';
export { SANDBOX_SCRIPT_PATH } from './sandbox/provider';
export { nonceKey } from './sandbox/nonce';
export { tokenizeCard, SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY } from './sandbox/tokenize';
export { signWebhookBody } from './authorizenet/webhook-signature';
export { dollarsToCents } from './authorizenet/client';

/** The provider the configuration names: the sandbox by default, Authorize.Net when configured. */
export function createPaymentProvider(opts: {
  config: PaymentsConfig;
  jwtSecret: string;
  spendSandboxNonce: (nonceId: string, expiresAt: Date) => Promise<boolean>;
  warn: (message: string, error: unknown) => void;
}): PaymentProvider {
  if (opts.config.provider === 'authorizenet') return createAuthorizeNetProvider({ config: opts.config.authorizenet, warn: opts.warn });
  return createSandboxProvider({ nonceKey: nonceKey(opts.jwtSecret), spendNonce: opts.spendSandboxNonce });
}

import type { VoiceConfig } from '../../config/config';
import { createLocalVoiceProvider } from './local';
import { createTwilioProvider } from './twilio';
import type { VoiceProvider } from './types';

export * from './types';

/**
 * The provider the configuration names: the in-app softphone by default, Twilio when configured
 * (docs/product.md#calls).
 */
export function createVoiceProvider(opts: {
  config: VoiceConfig;
  jwtSecret: string;
  publicUrl: string;
  warn: (message: string, error: unknown) => void;
}): VoiceProvider {
  if (opts.config.provider === 'twilio') {
    return createTwilioProvider({ config: opts.config.twilio, publicUrl: opts.publicUrl, warn: opts.warn });
  }
  return createLocalVoiceProvider({ jwtSecret: opts.jwtSecret, iceServers: opts.config.iceServers });
}

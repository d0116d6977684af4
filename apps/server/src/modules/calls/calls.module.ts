import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createVoiceProvider, type CallLifecycle, type VoiceProvider } from '../../providers/voice';
import { createCallSettingsService } from './call-settings.service';
import { registerAdminCallsRoutes } from './admin-calls.routes';
import { createAdminCallsService } from './admin-calls.service';
import { createCallEngine } from './calls.engine';
import { CALL_JOB_INTERVAL_MS, CALL_JOBS, createCallJobs, subscribeCallPresence } from './calls.jobs';
import { createCallsRepository } from './calls.repository';
import { registerCallRoutes } from './calls.routes';
import { createCallsService } from './calls.service';
import { createCallsPush, registerCallSignalling } from './calls.socket';
import { registerTwilioWebhooks } from './twilio-webhooks';

export type CallsModuleOptions = {
  /** Replace the configured voice provider (tests of a provider's failures). */
  provider?: VoiceProvider;
};

/**
 * Paid voice calls (docs/product.md#calls): the routes, the state machine, server-owned billing and
 * its jobs, WebRTC signalling for the local provider, and — with Twilio — its webhooks; administrators
 * list calls and end live ones (audited). Answers the lifecycle a provider drives the calls with.
 */
export async function callsModule(
  app: FastifyInstance,
  ctx: AppContext,
  options: CallsModuleOptions = {},
): Promise<{ lifecycle: CallLifecycle }> {
  // Ring timeouts, connected time and billing all read the server's clock (platform/clock.ts).
  const now = ctx.clock.now;
  const warn = (message: string, error: unknown) => ctx.log.warn({ err: error }, message);
  const provider =
    options.provider ??
    createVoiceProvider({ config: ctx.config.voice, jwtSecret: ctx.config.jwtSecret, publicUrl: ctx.config.publicUrl, warn });
  const repo = createCallsRepository(ctx.db);
  const push = createCallsPush(ctx.io);
  const engine = createCallEngine({ db: ctx.db, repo, ledger: ctx.ledger, provider, push, events: ctx.events, now, warn });
  const calls = createCallsService({
    repo,
    engine,
    ledger: ctx.ledger,
    members: ctx.members,
    provider,
    push,
    events: ctx.events,
    now,
    settings: ctx.settings,
  });
  const settings = createCallSettingsService({ members: ctx.members, events: ctx.events, provider: provider.name });

  registerCallRoutes(app, ctx, { calls, settings });
  registerAdminCallsRoutes(app, { adminCalls: createAdminCallsService({ repo, engine, audit: ctx.audit, now }) });
  registerCallSignalling({ io: ctx.io, onSocketConnection: ctx.onSocketConnection, calls: repo, warn });

  const jobs = createCallJobs({ repo, engine, presence: ctx.presence, provider: provider.name, now });
  ctx.jobs.every(CALL_JOBS.billing, CALL_JOB_INTERVAL_MS, jobs.billing);
  ctx.jobs.every(CALL_JOBS.timeouts, CALL_JOB_INTERVAL_MS, jobs.timeouts);
  const unsubscribe = subscribeCallPresence({ events: ctx.events, repo, provider: provider.name, now });
  app.addHook('onClose', async () => unsubscribe());

  // Twilio's call and conference callbacks drive the same state machine (modules/calls/twilio-webhooks.ts).
  if (ctx.config.voice.provider === 'twilio') await registerTwilioWebhooks(app, { lifecycle: calls.lifecycle, config: ctx.config });
  return { lifecycle: calls.lifecycle };
}

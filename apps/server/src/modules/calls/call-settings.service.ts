import type { callSettingsSchema } from '@cc/contracts';
import type { z } from 'zod';
import type { EventBus } from '../../platform/events';
import type { VoiceProvider } from '../../providers/voice';
import { nextCallSettings, notAModelForCalls, type MemberLookup } from '../accounts';

type CallSettings = z.output<typeof callSettingsSchema>;
type Callee = NonNullable<Awaited<ReturnType<MemberLookup['findCallee']>>>;
type Patch = { callRate?: number | undefined; callAvailable?: boolean | undefined; phoneNumber?: string | null | undefined };

/**
 * A model's call settings (docs/product.md#calls): rate, availability and the phone Twilio rings.
 * The columns are the accounts module's; they are read and written through `ctx.members`.
 */
export function createCallSettingsService(deps: {
  members: Pick<MemberLookup, 'findCallee' | 'updateCallSettings'>;
  events: EventBus;
  provider: VoiceProvider['name'];
}) {
  const toDto = (member: Callee): CallSettings => ({
    callRate: member.callRate,
    callAvailable: member.callAvailable,
    phoneNumber: member.phoneNumber,
    provider: deps.provider,
  });

  async function modelOf(userId: string): Promise<Callee> {
    const member = await deps.members.findCallee(userId);
    if (!member || member.type !== 'model') throw notAModelForCalls();
    return member;
  }

  async function get(userId: string): Promise<CallSettings> {
    return toDto(await modelOf(userId));
  }

  /** `callRate` in hundredths (the route's schema decoded the tokens sent). */
  async function update(userId: string, patch: Patch): Promise<CallSettings> {
    const current = await modelOf(userId);
    // The rules live with the columns, in accounts: PUT /users/updateProfile {callAvailable} uses them too.
    const next = {
      ...nextCallSettings(current, patch),
      phoneNumber: patch.phoneNumber === undefined ? current.phoneNumber : patch.phoneNumber,
    };
    const updated = await deps.members.updateCallSettings(userId, next);
    // The signed-in model's other tabs (and the "me" they hold) learn the new settings.
    deps.events.publish('user.updated', { userId });
    return toDto(updated!);
  }

  return { get, update };
}
export type CallSettingsService = ReturnType<typeof createCallSettingsService>;

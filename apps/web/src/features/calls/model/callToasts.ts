/**
 * Every toast of one call shares one id, so each replaces the one before instead of piling up over
 * the page (issue #28: four at once when a call connected). The model's ringing toast keeps its own
 * (live/ringer.ts): it goes when the ringing stops.
 */
export const callToastId = (callId: string | null | undefined): string => `call-${callId ?? 'new'}`;

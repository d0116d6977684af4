/**
 * The TwiML documents of a call. Both legs meet in one conference named by the call's opaque id
 * (Twilio asks for no personal data in conference names); both carry the same conference status
 * callback, since Twilio uses the one given by the first participant to join.
 */
export type ConferenceLeg = {
  /** The conference's name: the call id. */
  conference: string;
  label: 'model' | 'member';
  /** The model starts the conference; the member waits in it until the model is there. */
  startConferenceOnEnter: boolean;
  /** Where Twilio posts start, end, join and leave. */
  statusCallback: string;
  /** Seconds the leg may last at most (Dial timeLimit). */
  timeLimit?: number;
};

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** <Dial><Conference> for one leg; whoever leaves first ends the conference for both. */
export function conferenceTwiml(leg: ConferenceLeg): string {
  const dial = leg.timeLimit ? `<Dial timeLimit="${Math.max(1, Math.floor(leg.timeLimit))}">` : '<Dial>';
  const attributes = [
    `startConferenceOnEnter="${leg.startConferenceOnEnter}"`,
    'endConferenceOnExit="true"',
    'beep="false"',
    'maxParticipants="2"',
    `participantLabel="${leg.label}"`,
    `statusCallback="${escapeXml(leg.statusCallback)}"`,
    'statusCallbackMethod="POST"',
    'statusCallbackEvent="start end join leave"',
  ].join(' ');
  return `${XML_DECLARATION}<Response>${dial}<Conference ${attributes}>${escapeXml(leg.conference)}</Conference></Dial></Response>`;
}

/** Refuses a browser leg that may not join: Twilio hangs it up without answering. */
export function rejectTwiml(): string {
  return `${XML_DECLARATION}<Response><Reject/></Response>`;
}

/** An answer to a status callback: nothing to do. */
export function emptyTwiml(): string {
  return `${XML_DECLARATION}<Response/>`;
}

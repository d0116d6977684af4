/**
 * Reads the TwiML our server sends the fake: enough of Twilio's interpreter to know whether a leg is
 * rejected or dialled into a conference, and with which attributes.
 */
export type ConferenceDial = {
  name: string;
  label: string | undefined;
  startConferenceOnEnter: boolean;
  endConferenceOnExit: boolean;
  statusCallback: string | undefined;
  statusCallbackEvents: string[];
  timeLimit: number | undefined;
};

const unescape = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos);/g, (_m, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!);

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([A-Za-z]+)="([^"]*)"/g)) attributes[match[1]!] = unescape(match[2]!);
  return attributes;
}

export function readTwiml(xml: string): { kind: 'reject' } | { kind: 'conference'; dial: ConferenceDial } | { kind: 'other' } {
  if (!/^(<\?xml[^>]*\?>)?\s*<Response>/.test(xml.trim())) return { kind: 'other' };
  if (/<Reject\s*\/?>/.test(xml)) return { kind: 'reject' };
  const dial = /<Dial([^>]*)>\s*<Conference([^>]*)>([^<]*)<\/Conference>\s*<\/Dial>/.exec(xml);
  if (!dial) return { kind: 'other' };
  const dialAttributes = attributesOf(dial[1]!);
  const attributes = attributesOf(dial[2]!);
  return {
    kind: 'conference',
    dial: {
      name: unescape(dial[3]!.trim()),
      label: attributes.participantLabel,
      // Twilio's defaults: both true.
      startConferenceOnEnter: attributes.startConferenceOnEnter !== 'false',
      endConferenceOnExit: attributes.endConferenceOnExit === 'true',
      statusCallback: attributes.statusCallback,
      statusCallbackEvents: (attributes.statusCallbackEvent ?? '').split(/[\s,]+/).filter(Boolean),
      timeLimit: dialAttributes.timeLimit ? Number(dialAttributes.timeLimit) : undefined,
    },
  };
}

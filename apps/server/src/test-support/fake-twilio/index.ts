export { startFakeTwilio, type FakeTwilio, type FakeCallLeg, type FakeCallback, type FakeTwilioRequest } from './server';
export { readTwiml, type ConferenceDial } from './twiml';

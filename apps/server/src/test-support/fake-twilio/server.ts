import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TwilioConfig } from '../../config/config';
import { twilioSignature } from '../../providers/voice/twilio';
import { readTwiml, type ConferenceDial } from './twiml';

/**
 * A local Twilio for tests: a real HTTP server speaking the REST API's Calls and Conferences
 * resources (2010-04-01, form-encoded requests, Basic auth, JSON answers and Twilio's error shape),
 * plus the far end a test drives — the model's phone ringing, answering, declining, hanging up, and
 * the member's browser device connecting to the TwiML app. Every callback it posts to our app is
 * signed exactly as Twilio signs it, with the URL as Twilio would have called it.
 */

type Params = [string, string][];
export type FakeTwilioRequest = { method: string; path: string; form: Params; authorized: boolean };
export type FakeCallLeg = {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  to: string;
  from: string;
  status: 'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
  /** What the create request said (outbound legs). */
  form: Params;
  twiml: string | undefined;
  statusCallback: string | undefined;
  statusCallbackEvents: string[];
  sequence: number;
  answeredAt: number | null;
  /** The conference this leg is in, if any. */
  conference: string | null;
};
export type FakeCallback = { url: string; params: Params; signature: string; status: number; body: string };
type Participant = { callSid: string; label: string | undefined; startConferenceOnEnter: boolean; endConferenceOnExit: boolean };
type Conference = {
  sid: string;
  name: string;
  status: 'init' | 'in-progress' | 'completed';
  statusCallback: string | undefined;
  events: string[];
  participants: Map<string, Participant>;
  sequence: number;
};

const API_VERSION = '2010-04-01';
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const sid = (prefix: string) => `${prefix}${hex(16)}`;
const rfc2822 = (date = new Date()) => date.toUTCString().replace('GMT', '+0000');
const get = (form: Params, name: string) => form.find(([key]) => key === name)?.[1];
const all = (form: Params, name: string) =>
  form.filter(([key]) => key === name).flatMap(([, value]) => value.split(/[\s,]+/).filter(Boolean));
const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

export async function startFakeTwilio() {
  const config: TwilioConfig = {
    accountSid: sid('AC'),
    authToken: hex(16),
    apiKeySid: sid('SK'),
    apiKeySecret: randomBytes(24).toString('base64url'),
    twimlAppSid: sid('AP'),
    callerId: '+15005550006',
    apiBase: '',
  };
  const requests: FakeTwilioRequest[] = [];
  const legs = new Map<string, FakeCallLeg>();
  const conferences: Conference[] = [];
  const callbacks: FakeCallback[] = [];
  /** The app as Twilio is told to reach it (PUBLIC_URL), and where it really listens. */
  let route: { publicUrl: string; appUrl: string } | null = null;
  // Callbacks go out one at a time, in order, after the REST answer that caused them (as Twilio's
  // are asynchronous); `settled()` waits for them.
  let deliveries: Promise<unknown> = Promise.resolve();
  /** When the fake last took a request or sent a callback (see `quiet`). */
  let lastActivity = Date.now();

  /** Posts a signed form to our app: `url` is the public URL Twilio would call and sign. */
  async function post(url: string, params: Params, authToken = config.authToken): Promise<FakeCallback> {
    if (!route) throw new Error('fake Twilio: call connectApp({ publicUrl, appUrl }) first');
    const target = url.startsWith(route.publicUrl) ? `${route.appUrl}${url.slice(route.publicUrl.length)}` : url;
    const signature = twilioSignature(authToken, url, params);
    lastActivity = Date.now();
    let callback: FakeCallback;
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'user-agent': 'TwilioProxy/1.1' },
        body: new URLSearchParams(params).toString(),
      });
      callback = { url, params, signature, status: response.status, body: await response.text() };
    } catch (error) {
      // Like Twilio, an app that cannot be reached is noted (status 0), not retried.
      callback = { url, params, signature, status: 0, body: String(error) };
    }
    callbacks.push(callback);
    lastActivity = Date.now();
    return callback;
  }
  function enqueue(send: () => Promise<unknown>): Promise<void> {
    const next = deliveries.then(send);
    deliveries = next.catch(() => undefined);
    return next.then(() => undefined);
  }

  // ---- the far end's state changes, each with the callbacks Twilio would send ----

  function callProgress(leg: FakeCallLeg, event: 'initiated' | 'ringing' | 'answered' | 'completed') {
    if (!leg.statusCallback || !leg.statusCallbackEvents.includes(event)) return;
    const params: Params = [
      ['AccountSid', config.accountSid],
      ['ApiVersion', API_VERSION],
      ['CallSid', leg.sid],
      ['CallStatus', event === 'initiated' ? 'queued' : leg.status],
      ['CallbackSource', 'call-progress-events'],
      ['Called', leg.to],
      ['Caller', leg.from],
      ['Direction', leg.direction],
      ['From', leg.from],
      ['SequenceNumber', String(leg.sequence++)],
      ['Timestamp', rfc2822()],
      ['To', leg.to],
    ];
    if (event === 'completed') {
      const seconds = leg.answeredAt ? String(Math.round((Date.now() - leg.answeredAt) / 1000)) : '0';
      params.push(['CallDuration', seconds], ['Duration', seconds]);
    }
    const url = leg.statusCallback;
    return enqueue(() => post(url, params));
  }

  function conferenceEvent(conference: Conference, event: string, extra: Params) {
    const subscription = event.replace(/^(conference|participant)-/, '');
    if (!conference.statusCallback || !conference.events.includes(subscription)) return;
    const url = conference.statusCallback;
    const params: Params = [
      ['AccountSid', config.accountSid],
      ['ConferenceSid', conference.sid],
      ['FriendlyName', conference.name],
      ['SequenceNumber', String(conference.sequence++)],
      ['StatusCallbackEvent', event],
      ['Timestamp', rfc2822()],
      ...extra,
    ];
    void enqueue(() => post(url, params));
  }

  const participantFields = (p: Participant): Params => [
    ['CallSid', p.callSid],
    ['Coaching', 'false'],
    ['EndConferenceOnExit', String(p.endConferenceOnExit)],
    ['Hold', 'false'],
    ['Muted', 'false'],
    ...(p.label ? ([['ParticipantLabel', p.label]] as Params) : []),
    ['StartConferenceOnEnter', String(p.startConferenceOnEnter)],
  ];

  function join(leg: FakeCallLeg, dial: ConferenceDial) {
    let conference = conferences.find((c) => c.name === dial.name && c.status !== 'completed');
    if (!conference) {
      // The first participant's status callback is the conference's.
      conference = {
        sid: sid('CF'),
        name: dial.name,
        status: 'init',
        statusCallback: dial.statusCallback,
        events: dial.statusCallbackEvents,
        participants: new Map(),
        sequence: 1,
      };
      conferences.push(conference);
    }
    const participant: Participant = {
      callSid: leg.sid,
      label: dial.label,
      startConferenceOnEnter: dial.startConferenceOnEnter,
      endConferenceOnExit: dial.endConferenceOnExit,
    };
    conference.participants.set(leg.sid, participant);
    leg.conference = conference.name;
    conferenceEvent(conference, 'participant-join', participantFields(participant));
    if (conference.status === 'init' && dial.startConferenceOnEnter) {
      conference.status = 'in-progress';
      conferenceEvent(conference, 'conference-start', []);
    }
  }

  /** A leg leaves its conference; one with endConferenceOnExit ends it for everyone. */
  function leave(leg: FakeCallLeg, reason: string) {
    const conference = conferences.find((c) => c.name === leg.conference && c.status !== 'completed');
    leg.conference = null;
    const participant = conference?.participants.get(leg.sid);
    if (!conference || !participant) return;
    conference.participants.delete(leg.sid);
    conferenceEvent(conference, 'participant-leave', [
      ...participantFields(participant),
      ['ParticipantCallStatus', 'completed'],
      ['ReasonParticipantLeft', reason],
    ]);
    if (participant.endConferenceOnExit || conference.participants.size === 0) {
      endConference(
        conference,
        participant.endConferenceOnExit ? 'participant-with-end-conference-on-exit-left' : 'last-participant-left',
        participant,
      );
    }
  }

  function endConference(conference: Conference, reason: string, endedBy: Participant | null) {
    conference.status = 'completed';
    // The others are dropped from the room; with nothing after <Dial>, their calls end too.
    for (const other of [...conference.participants.values()]) {
      conference.participants.delete(other.callSid);
      conferenceEvent(conference, 'participant-leave', [
        ...participantFields(other),
        ['ParticipantCallStatus', 'completed'],
        ['ReasonParticipantLeft', 'conference_ended'],
      ]);
      const leg = legs.get(other.callSid);
      if (leg) {
        leg.conference = null;
        finish(leg, 'completed');
      }
    }
    conferenceEvent(conference, 'conference-end', [
      ['ReasonConferenceEnded', reason],
      ...(endedBy ? ([['CallSidEndingConference', endedBy.callSid]] as Params) : []),
      ...(endedBy?.label ? ([['ParticipantLabelEndingConference', endedBy.label]] as Params) : []),
    ]);
  }

  function finish(leg: FakeCallLeg, status: FakeCallLeg['status']) {
    if (['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(leg.status)) return;
    leg.status = status;
    if (leg.conference) leave(leg, 'participant_hung_up');
    void callProgress(leg, 'completed');
  }

  function legOf(callSid: string): FakeCallLeg {
    const leg = legs.get(callSid);
    if (!leg) throw new Error(`fake Twilio: no call ${callSid}`);
    return leg;
  }

  // ---- the REST API ----

  const callJson = (leg: FakeCallLeg) => ({
    sid: leg.sid,
    account_sid: config.accountSid,
    api_version: API_VERSION,
    to: leg.to,
    to_formatted: leg.to,
    from: leg.from,
    from_formatted: leg.from,
    status: leg.status,
    direction: leg.direction,
    date_created: rfc2822(),
    date_updated: rfc2822(),
    start_time: leg.answeredAt ? rfc2822(new Date(leg.answeredAt)) : null,
    end_time: null,
    duration: null,
    price: null,
    price_unit: 'USD',
    answered_by: null,
    caller_name: null,
    forwarded_from: null,
    group_sid: null,
    parent_call_sid: null,
    phone_number_sid: null,
    queue_time: '0',
    trunk_sid: null,
    uri: `/${API_VERSION}/Accounts/${config.accountSid}/Calls/${leg.sid}.json`,
    subresource_uris: {
      notifications: `/${API_VERSION}/Accounts/${config.accountSid}/Calls/${leg.sid}/Notifications.json`,
      recordings: `/${API_VERSION}/Accounts/${config.accountSid}/Calls/${leg.sid}/Recordings.json`,
    },
  });
  const conferenceJson = (c: Conference) => ({
    sid: c.sid,
    account_sid: config.accountSid,
    api_version: API_VERSION,
    friendly_name: c.name,
    status: c.status,
    region: 'us1',
    date_created: rfc2822(),
    date_updated: rfc2822(),
    uri: `/${API_VERSION}/Accounts/${config.accountSid}/Conferences/${c.sid}.json`,
  });

  function authorized(request: IncomingMessage): boolean {
    const match = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    return decoded === `${config.apiKeySid}:${config.apiKeySecret}` || decoded === `${config.accountSid}:${config.authToken}`;
  }

  function createCall(form: Params): [number, object] {
    const to = get(form, 'To');
    const from = get(form, 'From');
    if (!to) return [400, twilioError(400, 21201, "No 'To' number is specified")];
    if (!from) return [400, twilioError(400, 21213, "No 'From' number is specified")];
    const twiml = get(form, 'Twiml');
    if (!twiml && !get(form, 'Url') && !get(form, 'ApplicationSid')) return [400, twilioError(400, 21205, 'Url parameter is required.')];
    if (twiml && twiml.length > 4000) return [400, twilioError(400, 21234, 'TwiML is too long')];
    const leg: FakeCallLeg = {
      sid: sid('CA'),
      direction: 'outbound-api',
      to,
      from,
      status: 'queued',
      form,
      twiml,
      statusCallback: get(form, 'StatusCallback'),
      // Without StatusCallbackEvent Twilio sends only `completed`.
      statusCallbackEvents: all(form, 'StatusCallbackEvent').length ? all(form, 'StatusCallbackEvent') : ['completed'],
      sequence: 0,
      answeredAt: null,
      conference: null,
    };
    legs.set(leg.sid, leg);
    return [201, callJson(leg)];
  }

  function updateCall(leg: FakeCallLeg, form: Params): [number, object] {
    const status = get(form, 'Status');
    // `canceled` stops a call that has not been answered; `completed` hangs up either way.
    if (status === 'completed' || (status === 'canceled' && (leg.status === 'queued' || leg.status === 'ringing'))) {
      finish(leg, leg.status === 'in-progress' ? 'completed' : 'canceled');
    }
    return [200, callJson(leg)];
  }

  function handleRest(method: string, path: string, query: URLSearchParams, form: Params): [number, object] {
    const account = `/${API_VERSION}/Accounts/${config.accountSid}`;
    if (!path.startsWith(`${account}/`)) return [404, twilioError(404, 20404, `The requested resource ${path} was not found`)];
    const rest = path.slice(account.length);
    if (rest === '/Calls.json' && method === 'POST') return createCall(form);
    const callMatch = /^\/Calls\/(CA[0-9a-f]{32})\.json$/.exec(rest);
    const leg = callMatch ? legs.get(callMatch[1]!) : undefined;
    if (leg && method === 'GET') return [200, callJson(leg)];
    if (leg && method === 'POST') return updateCall(leg, form);
    if (rest === '/Conferences.json' && method === 'GET') {
      const list = conferences.filter(
        (c) =>
          (!query.get('FriendlyName') || c.name === query.get('FriendlyName')) &&
          (!query.get('Status') || c.status === query.get('Status')),
      );
      return [200, { conferences: list.map(conferenceJson), page: 0, page_size: 50, start: 0, end: list.length - 1, uri: path }];
    }
    const conferenceMatch = /^\/Conferences\/(CF[0-9a-f]{32})\.json$/.exec(rest);
    const conference = conferences.find((c) => c.sid === conferenceMatch?.[1]);
    if (conference && method === 'GET') return [200, conferenceJson(conference)];
    if (conference && method === 'POST') {
      if (get(form, 'Status') === 'completed' && conference.status !== 'completed')
        endConference(conference, 'conference-ended-via-api', null);
      return [200, conferenceJson(conference)];
    }
    return [404, twilioError(404, 20404, `The requested resource ${path} was not found`)];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const form: Params = [...new URLSearchParams(Buffer.concat(chunks).toString('utf8'))];
    lastActivity = Date.now();
    const ok = authorized(request);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form, authorized: ok });
    const [status, body] = ok
      ? handleRest(request.method ?? 'GET', url.pathname, url.searchParams, form)
      : [401, twilioError(401, 20003, 'Authenticate')];
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The adapter's settings pointing at this fake. */
    config,
    requests,
    /** Every call leg Twilio knows: the model's (outbound-api) and the members' browsers (inbound). */
    legs,
    conferences,
    /** Every callback posted to our app, with its answer. */
    callbacks,

    /**
     * Where our app is: `publicUrl` is what it tells Twilio (and what signatures cover), `appUrl`
     * where it really listens — the reverse proxy in front of a real deployment.
     */
    connectApp(where: { publicUrl: string; appUrl: string }) {
      route = { publicUrl: where.publicUrl.replace(/\/$/, ''), appUrl: where.appUrl.replace(/\/$/, '') };
    },

    /** The model leg created for this call (found by the conference its TwiML dials). */
    modelLegFor(callId: string): FakeCallLeg | undefined {
      return [...legs.values()].find((leg) => {
        if (leg.direction !== 'outbound-api' || !leg.twiml) return false;
        const read = readTwiml(leg.twiml);
        return read.kind === 'conference' && read.dial.name === callId;
      });
    },

    /** The model's phone starts ringing. */
    async ring(callSid: string) {
      const leg = legOf(callSid);
      void callProgress(leg, 'initiated');
      leg.status = 'ringing';
      await callProgress(leg, 'ringing');
      await deliveries;
    },
    /** The model picks up: the leg runs its TwiML and joins the conference. */
    async answer(callSid: string) {
      const leg = legOf(callSid);
      leg.status = 'in-progress';
      leg.answeredAt = Date.now();
      void callProgress(leg, 'answered');
      const read = leg.twiml ? readTwiml(leg.twiml) : { kind: 'other' as const };
      if (read.kind === 'conference') join(leg, read.dial);
      await deliveries;
    },
    /** The model presses decline: the network reports busy. */
    async decline(callSid: string) {
      finish(legOf(callSid), 'busy');
      await deliveries;
    },
    /** The phone rang out. */
    async noAnswer(callSid: string) {
      finish(legOf(callSid), 'no-answer');
      await deliveries;
    },
    /** The model hangs up a call in progress. */
    async modelHangsUp(callSid: string) {
      finish(legOf(callSid), 'completed');
      await deliveries;
    },

    /**
     * The member's browser device connects to the TwiML app (Device.connect with params To and
     * callId, as the spec says): Twilio posts to the Voice URL and runs the TwiML it gets back.
     */
    async browserConnects(callId: string, identity: string) {
      if (!route) throw new Error('fake Twilio: call connectApp({ publicUrl, appUrl }) first');
      const leg: FakeCallLeg = {
        sid: sid('CA'),
        direction: 'inbound',
        to: `conference:${callId}`,
        from: `client:${identity}`,
        status: 'ringing',
        form: [],
        twiml: undefined,
        statusCallback: undefined,
        statusCallbackEvents: [],
        sequence: 0,
        answeredAt: null,
        conference: null,
      };
      legs.set(leg.sid, leg);
      const answer = await post(`${route.publicUrl}/api/twilio/voice`, [
        ['AccountSid', config.accountSid],
        ['ApiVersion', API_VERSION],
        ['ApplicationSid', config.twimlAppSid],
        ['CallSid', leg.sid],
        ['CallStatus', 'ringing'],
        ['Called', ''],
        ['Caller', leg.from],
        ['Direction', 'inbound'],
        ['From', leg.from],
        ['To', leg.to],
        ['callId', callId],
      ]);
      leg.twiml = answer.body;
      const read = answer.status === 200 ? readTwiml(answer.body) : { kind: 'other' as const };
      if (read.kind === 'conference') {
        leg.status = 'in-progress';
        leg.answeredAt = Date.now();
        join(leg, read.dial);
      } else {
        leg.status = read.kind === 'reject' ? 'busy' : 'failed';
      }
      await deliveries;
      return { callSid: leg.sid, status: answer.status, twiml: answer.body, joined: read.kind === 'conference' };
    },
    /** The member's browser hangs up. */
    async browserHangsUp(callSid: string) {
      finish(legOf(callSid), 'completed');
      await deliveries;
    },

    /** Posts a callback again, byte for byte (Twilio retrying, or a replay). */
    async redeliver(callback: FakeCallback) {
      return post(callback.url, callback.params);
    },
    /**
     * Fires a callback's event again as a new event, with its resource's next SequenceNumber (so
     * only the app's state machine, not its sequence check, can tell it is stale).
     */
    async refire(callback: FakeCallback) {
      const conference = conferences.find((c) => c.sid === get(callback.params, 'ConferenceSid'));
      const leg = legs.get(get(callback.params, 'CallSid') ?? '');
      const next = conference ? conference.sequence++ : leg ? leg.sequence++ : 0;
      const params = callback.params.map(([k, v]): [string, string] => [k, k === 'SequenceNumber' ? String(next) : v]);
      return post(callback.url, params);
    },
    /** Posts any form to our app signed with this auth token (a forger's, in tests). */
    async postSigned(url: string, params: Params, authToken: string) {
      return post(url, params, authToken);
    },
    /** Waits until every callback sent so far has been answered. */
    async settled() {
      await deliveries;
    },
    /**
     * Waits until nothing has happened for `ms`: the app hangs up in the background after a call
     * ends, and its requests cause callbacks of their own. Tests wait for this before closing the app.
     */
    async quiet(ms = 150) {
      for (;;) {
        await deliveries;
        const idle = Date.now() - lastActivity;
        if (idle >= ms) return;
        await new Promise((resolve) => setTimeout(resolve, ms - idle));
      }
    },

    async close() {
      await deliveries;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

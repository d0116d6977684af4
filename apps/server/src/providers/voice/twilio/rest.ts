import type { TwilioConfig } from '../../../config/config';

/**
 * The slice of Twilio's REST API (2010-04-01) the calls feature needs: create and update a
 * Call, and find and end a Conference by name. Requests are form-encoded with HTTP Basic auth (the
 * API key and its secret); answers are JSON, and a refusal is `{ code, message, more_info, status }`.
 * Plain fetch: four requests do not justify the `twilio` package.
 */
export type TwilioCall = { sid: string; status: string; to?: string; from?: string };
export type TwilioConference = { sid: string; friendly_name: string; status: string };

export class TwilioApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }
}

export type TwilioRestClient = ReturnType<typeof createTwilioRestClient>;

export function createTwilioRestClient(config: TwilioConfig, opts: { timeoutMs?: number } = {}) {
  const account = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${config.apiKeySid}:${config.apiKeySecret}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function send<T>(what: string, method: 'GET' | 'POST', url: string, form?: URLSearchParams): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new TwilioApiError(`Twilio ${reason} (${what})`, null, null);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new TwilioApiError(`Twilio sent an unreadable answer (${what}, HTTP ${response.status})`, response.status, null);
    }
    if (!response.ok) {
      const body = (json ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof body.code === 'number' ? body.code : null;
      const message = typeof body.message === 'string' ? withoutPhoneNumbers(body.message) : `HTTP ${response.status}`;
      throw new TwilioApiError(`Twilio refused ${what}: ${code ?? response.status} ${message}`, response.status, code);
    }
    return json as T;
  }

  return {
    /** Places an outbound call; answers Twilio's Call resource. */
    createCall(fields: URLSearchParams): Promise<TwilioCall> {
      return send('to create a call', 'POST', `${account}/Calls.json`, fields);
    },
    updateCall(sid: string, fields: URLSearchParams): Promise<TwilioCall> {
      return send('to update a call', 'POST', `${account}/Calls/${encodeURIComponent(sid)}.json`, fields);
    },
    /** Conferences with this name that have not ended. */
    async liveConferences(friendlyName: string): Promise<TwilioConference[]> {
      const found: TwilioConference[] = [];
      for (const status of ['init', 'in-progress']) {
        const query = new URLSearchParams({ FriendlyName: friendlyName, Status: status });
        const page = await send<{ conferences?: TwilioConference[] }>('to list conferences', 'GET', `${account}/Conferences.json?${query}`);
        found.push(...(page.conferences ?? []));
      }
      return found;
    },
    endConference(sid: string): Promise<TwilioConference> {
      return send(
        'to end a conference',
        'POST',
        `${account}/Conferences/${encodeURIComponent(sid)}.json`,
        new URLSearchParams({ Status: 'completed' }),
      );
    },
  };
}

/** Twilio's messages may quote the number dialled; the model's number stays out of our logs. */
export const withoutPhoneNumbers = (text: string) => text.replace(/\+?\d[\d\s().-]{6,}\d/g, '[number]');

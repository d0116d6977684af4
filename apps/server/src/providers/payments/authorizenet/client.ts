import { z } from 'zod';
import type { AuthorizeNetConfig } from '../../../config/config';
import { ProviderUnreachableError } from '../types';

/**
 * Authorize.Net's JSON API: one URL, one POST per request, `{ "<name>Request": { merchantAuthentication,
 * ...fields } }`. Two gotchas shape this client:
 *  - the JSON is validated against the XML schema, so keys must come in the XSD's order (callers build
 *    their objects in that order; `merchantAuthentication` always comes first), and
 *  - answers start with a UTF-8 byte-order mark, which JSON.parse refuses.
 * Nothing here logs: request bodies hold the transaction key and nonces.
 */
export type AnetMessages = { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
export type AnetResponse = { messages: AnetMessages } & Record<string, unknown>;

const messagesSchema = z.object({
  resultCode: z.enum(['Ok', 'Error']),
  message: z.preprocess((v) => (Array.isArray(v) ? v : v ? [v] : []), z.array(z.object({ code: z.string(), text: z.string() }))),
});
const responseSchema = z.looseObject({ messages: messagesSchema });

export type AuthorizeNetClient = {
  /** Sends `<requestName>` with `fields` (already in XSD order) after merchantAuthentication. */
  call(requestName: string, fields: Record<string, unknown>): Promise<AnetResponse>;
};

export function createAuthorizeNetClient(
  config: Pick<AuthorizeNetConfig, 'apiLoginId' | 'transactionKey' | 'endpoint' | 'timeoutMs'>,
): AuthorizeNetClient {
  return {
    async call(requestName, fields) {
      const body = JSON.stringify({
        [requestName]: { merchantAuthentication: { name: config.apiLoginId, transactionKey: config.transactionKey }, ...fields },
      });
      let text: string;
      try {
        // The timeout covers reading the body too: a gateway that sends headers and then stalls is
        // as unknown as one that never answers.
        const response = await fetch(config.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        text = await response.text();
        if (!response.ok) throw new ProviderUnreachableError(`Authorize.Net answered HTTP ${response.status} to ${requestName}`);
      } catch (error) {
        if (error instanceof ProviderUnreachableError) throw error;
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
        throw new ProviderUnreachableError(`Authorize.Net ${reason} (${requestName})`, { cause: error });
      }
      return parseResponse(text, requestName);
    },
  };
}

/** Strips the BOM, parses, and insists on the `messages` every answer carries. */
export function parseResponse(text: string, requestName: string): AnetResponse {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // Something answered, but not Authorize.Net's JSON (a proxy's error page): the outcome is unknown.
    throw new ProviderUnreachableError(`Authorize.Net sent an unreadable answer to ${requestName}`, { cause: error });
  }
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) throw new ProviderUnreachableError(`Authorize.Net sent an unexpected answer to ${requestName}`);
  return parsed.data as AnetResponse;
}

export const firstMessage = (response: AnetResponse) =>
  response.messages.message[0] ?? { code: 'E00001', text: 'An error occurred during processing.' };

/** 999 → "9.99": amounts go to the gateway as decimal strings, computed without floating point. */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** 9.99 | "9.99" → 999, for amounts the gateway reports back. */
export function dollarsToCents(value: unknown): number | undefined {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

import type { AcceptConfig, AcceptResponse, AcceptSecureData, OpaqueData } from '@cc/contracts';
import type { Expiry } from './card';

/** The calling shape of Authorize.Net's Accept.js, which our sandbox script copies. */
export type AcceptLibrary = { dispatchData: (data: AcceptSecureData, handler: (response: AcceptResponse) => void) => void };

declare global {
  interface Window {
    Accept?: AcceptLibrary;
  }
}

/** A card refused by the payment script (bad number, expired…): its sentence is for the person. */
export class CardTokenError extends Error {}

const loading = new Map<string, Promise<AcceptLibrary>>();

/** Loads the payment script once per address; a failed load can be tried again. */
export function loadAccept(scriptUrl: string): Promise<AcceptLibrary> {
  if (window.Accept) return Promise.resolve(window.Accept);
  const pending = loading.get(scriptUrl);
  if (pending) return pending;
  const promise = new Promise<AcceptLibrary>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.charset = 'utf-8';
    script.onload = () => (window.Accept ? resolve(window.Accept) : reject(new Error('The payment script did not start')));
    script.onerror = () => {
      script.remove();
      reject(new Error('The payment script could not load'));
    };
    document.head.append(script);
  });
  promise.catch(() => loading.delete(scriptUrl));
  loading.set(scriptUrl, promise);
  return promise;
}

export type CardForToken = { cardNumber: string; expiry: Expiry; cvc: string };

/** Turns the card into a one-time nonce in the browser; only that nonce goes to our server. */
export async function tokenizeCard(config: AcceptConfig, card: CardForToken): Promise<OpaqueData> {
  const accept = await loadAccept(config.scriptUrl);
  return new Promise<OpaqueData>((resolve, reject) => {
    accept.dispatchData(
      {
        authData: { clientKey: config.clientKey, apiLoginID: config.apiLoginId },
        cardData: { cardNumber: card.cardNumber, month: card.expiry.month, year: card.expiry.year, cardCode: card.cvc },
      },
      (response) => {
        if (response.messages.resultCode === 'Ok' && response.opaqueData) resolve(response.opaqueData);
        else
          reject(new CardTokenError(response.messages.message[0]?.text ?? 'The card could not be read. Check the details and try again.'));
      },
    );
  });
}

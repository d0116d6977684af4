/**
 * The open call's id survives a reload in sessionStorage (per tab), so the shell can ask the server
 * whether the call is still live and bring the Voice Call modal back.
 */
const KEY = 'cc.openCallId';

export function rememberCall(callId: string) {
  try {
    sessionStorage.setItem(KEY, callId);
  } catch {
    // Storage may be disabled; a reload then simply loses the modal, not the call.
  }
}

export function rememberedCall(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetCall() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

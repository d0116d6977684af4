import type { RunningServer } from './server';

/** Waits for the mail job to deliver a message to `to` and returns the 6-digit code in it. */
export async function codeMailedTo(server: RunningServer, to: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await server.outbox()).filter((m) => m.to === to);
    const code = mails.length > after ? /\b(\d{6})\b/.exec(mails.at(-1)!.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

export async function mailsTo(server: RunningServer, to: string) {
  return (await server.outbox()).filter((m) => m.to === to);
}

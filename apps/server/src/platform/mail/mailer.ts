import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = { id: string; to: string; subject: string; text: string; html?: string | null; template: string };

/** Where mail goes: an SMTP server when SMTP_URL is set, otherwise files under DATA_DIR/outbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(opts: { smtpUrl?: string | undefined; dataDir: string; from: string }): MailTransport {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          // The outbox id doubles as Message-ID, so a resend after a crash is recognisable downstream.
          messageId: `<${mail.id}@outbox>`,
        });
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.json`);
      const body = {
        id: mail.id,
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        template: mail.template,
        text: mail.text,
        html: mail.html ?? null,
        date: new Date().toISOString(),
      };
      await writeFile(file, JSON.stringify(body, null, 2));
    },
    close() {},
  };
}

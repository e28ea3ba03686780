import { FixtureProcess } from './fixture-process.js';

export interface SentMail {
  from: string;
  to: string[];
  raw: string;
}

/** The text of a quoted-printable MIME message, soft line breaks joined and =XX decoded. */
export const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** A real SMTP server (test/fixtures/smtp-sink.mjs) and the env that points the app at it. */
export async function startSmtpSink() {
  const smtp = await FixtureProcess.start('smtp-sink.mjs');
  const mails = () => smtp.lines.map((l) => l.message as SentMail | undefined).filter((m): m is SentMail => !!m);
  return {
    smtp,
    env: {
      SWITCHBOARD_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SWITCHBOARD_EMAIL_FROM: 'Switchboard <no-reply@switchboard.test>',
    },
    /** Messages sent to `to`, oldest first. */
    mailsTo: (to: string) => mails().filter((m) => m.to.some((x) => x.toLowerCase() === to.toLowerCase())),
    /** Waits for the `nth` (1-based) email with a code (verification or password reset) to `to` and returns its code. */
    async codeFor(to: string, nth = 1): Promise<string> {
      const matching = () =>
        mails().filter(
          (m) => m.to.some((x) => x.toLowerCase() === to.toLowerCase()) && /(verification|password reset) code/.test(m.raw),
        );
      await smtp.waitForLine(() => matching().length >= nth);
      const code = /(?:code is|enter the code) (\d{8})/.exec(decodeMail(matching()[nth - 1]!.raw))?.[1];
      if (!code) throw new Error(`no code in the mail to ${to}`);
      return code;
    },
    /** Waits for the `nth` (1-based) password reset email to `to` and returns the link in it. */
    async resetLinkFor(to: string, nth = 1): Promise<string> {
      const matching = () =>
        mails().filter((m) => m.to.some((x) => x.toLowerCase() === to.toLowerCase()) && /password reset code/.test(m.raw));
      await smtp.waitForLine(() => matching().length >= nth);
      const link = /(https?:\/\/\S+\/auth\/reset-password\?token=prl_[A-Za-z0-9_-]+)/.exec(
        decodeMail(matching()[nth - 1]!.raw),
      )?.[1];
      if (!link) throw new Error(`no reset link in the mail to ${to}`);
      return link;
    },
    stop: () => smtp.stop(),
  };
}

import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing email over SMTP (nodemailer), configured by SWITCHBOARD_SMTP_URL. The SMTP server is the operator's,
 * so it is not an egress-guarded destination. `configured` is false without it; callers answer EMAIL_NOT_CONFIGURED.
 */
export class Mailer {
  private transport: Transporter | null = null;

  constructor(private readonly config: { smtpUrl: string; from: string } | null) {}

  get configured(): boolean {
    return this.config !== null;
  }

  /** Sends one message; throws when the SMTP server refuses it or cannot be reached. */
  async send(mail: OutgoingEmail): Promise<void> {
    if (!this.config) throw new Error('Email is not configured (SWITCHBOARD_SMTP_URL).');
    // Bounded waits: an unreachable server fails the request in seconds, not minutes.
    this.transport ??= nodemailer.createTransport({
      url: this.config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    await this.transport.sendMail({ from: this.config.from, ...mail });
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}

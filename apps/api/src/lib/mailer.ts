import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  /** An SMTP server and a sender are configured: e-mail can be sent. */
  readonly configured: boolean;
  /** Sends one message; rejects with the SMTP error (the outbox records it and retries). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerConfig {
  /** smtp://user:pass@host:port or smtps://… (nodemailer's connection URL). */
  smtpUrl?: string;
  /** The sender, e.g. "IPS Salud <citas@ips.co>". */
  smtpFrom?: string;
}

/**
 * SMTP through nodemailer (decision 033), pooled so a backlog drains over a few kept-open connections. Without
 * SMTP_URL and SMTP_FROM the mailer says it is not configured and never pretends to send.
 */
export function createMailer(cfg: MailerConfig): Mailer {
  if (!cfg.smtpUrl || !cfg.smtpFrom) {
    return {
      configured: false,
      send: async () => {
        throw new Error('El correo no está configurado (SMTP_URL y SMTP_FROM)');
      },
      close: () => {},
    };
  }
  let transport: Transporter | null = null;
  const get = () =>
    (transport ??= nodemailer.createTransport(
      {
        url: cfg.smtpUrl,
        pool: true,
        maxConnections: 4,
        maxMessages: 500,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: cfg.smtpFrom },
    ));
  return {
    configured: true,
    async send(m) {
      await get().sendMail({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
    },
    close() {
      transport?.close();
      transport = null;
    },
  };
}

/** SMTP_URL, or SMTP_HOST with SMTP_PORT, SMTP_USER, SMTP_PASS and SMTP_SECURE, as one connection URL. */
export function smtpUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  if (env.SMTP_URL) return env.SMTP_URL;
  if (!env.SMTP_HOST) return undefined;
  const secure = env.SMTP_SECURE === 'true' || env.SMTP_SECURE === '1';
  const auth = env.SMTP_USER
    ? `${encodeURIComponent(env.SMTP_USER)}:${encodeURIComponent(env.SMTP_PASS ?? '')}@`
    : '';
  const port = env.SMTP_PORT ? `:${Number(env.SMTP_PORT)}` : '';
  return `${secure ? 'smtps' : 'smtp'}://${auth}${env.SMTP_HOST}${port}`;
}

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/**
 * A local SMTP server for the browser flows: the API sends its e-mail here (SMTP_URL), and every message is written
 * as one JSON file in `dir`, which the flows (other processes) read with `deliveredMail`. Nothing leaves the machine.
 */
export async function startSmtpStandIn(dir: string) {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            const record: DeliveredMail = {
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            };
            writeFileSync(join(dir, `${Date.now()}-${++seq}.json`), JSON.stringify(record));
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages the stand-in has received so far (E2E_MAILDIR, set by the global setup). */
export function deliveredMail(): DeliveredMail[] {
  const dir = process.env.E2E_MAILDIR;
  if (!dir) throw new Error('E2E_MAILDIR no está definido: el servidor SMTP de prueba no se inició');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as DeliveredMail);
}

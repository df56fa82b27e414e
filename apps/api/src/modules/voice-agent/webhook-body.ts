import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '@ips/shared/errors';
import type { WebhookVerdict, WebhookVerifier } from './provider';

/** A webhook body spooled to a temporary file while its signature was computed (decision 038). */
export interface SpooledBody {
  file: string;
  size: number;
  verdict: WebhookVerdict;
  /** Reads the verified body back (only after the verdict is ok). */
  read(): Promise<Buffer>;
  /** Removes the file; safe to call more than once. */
  discard(): Promise<void>;
}

/**
 * Streams a request body to a temporary file, feeding each chunk to the signature check as it arrives; the
 * verdict is given at the end. The body is never held whole while it is unverified: a forged 40 MB body costs
 * a file written and removed, not 40 MB of memory. Past `limit` bytes the request is refused with 413.
 */
export function spoolBody(payload: Readable, verifier: WebhookVerifier, limit: number): Promise<SpooledBody> {
  const file = join(tmpdir(), `ips-voice-webhook-${randomUUID()}.json`);
  const discard = () => unlink(file).catch(() => undefined);
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      payload.unpipe(out);
      payload.resume();
      out.destroy();
      void discard().then(() => reject(err));
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(new AppError('PAYLOAD_TOO_LARGE'));
      verifier.update(chunk);
    });
    payload.on('error', fail);
    payload.on('close', () => {
      if (!payload.readableEnded) fail(new AppError('VALIDATION', 'La solicitud se interrumpió'));
    });
    out.on('error', fail);
    out.on('finish', () => {
      if (failed) return;
      resolve({
        file,
        size,
        verdict: verifier.verdict(),
        read: () => readFile(file),
        discard,
      });
    });
    payload.pipe(out);
  });
}

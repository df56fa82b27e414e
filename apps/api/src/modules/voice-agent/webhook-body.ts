import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '@ips/shared/errors';
import type { WebhookVerdict, WebhookVerifier } from './provider';

/** Bodies up to this size stay in memory (a transcription is a few KiB); larger ones go to a temporary file. */
export const SPILL_BYTES = 256 * 1024;

/** A webhook body received while its signature was computed (decision 038). */
export interface SpooledBody {
  /** The temporary file, or null when the body was small enough to stay in memory. */
  file: string | null;
  size: number;
  verdict: WebhookVerdict;
  /** Reads the body back (only after the verdict is ok). */
  read(): Promise<Buffer>;
  /** Removes the file, if any; safe to call more than once. */
  discard(): Promise<void>;
}

/**
 * Receives a request body chunk by chunk, feeding each chunk to the signature check as it arrives; the verdict
 * is given at the end. Up to SPILL_BYTES the chunks are kept; past that they are written to a temporary file
 * (with the stream's backpressure), so an unverified body never holds more than SPILL_BYTES of memory: a forged
 * 40 MB body costs a file written and removed. Past `limit` bytes the request is refused with 413.
 */
export function spoolBody(payload: Readable, verifier: WebhookVerifier, limit: number): Promise<SpooledBody> {
  let file: string | null = null;
  const discard = () => (file ? unlink(file).catch(() => undefined) : Promise.resolve());
  return new Promise((resolve, reject) => {
    const held: Buffer[] = [];
    let out: WriteStream | null = null;
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      payload.resume();
      out?.destroy();
      void discard().then(() => reject(err));
    };
    const done = (verdict: WebhookVerdict) => {
      if (settled) return;
      settled = true;
      const body = file ? null : Buffer.concat(held, size);
      resolve({
        file,
        size,
        verdict,
        read: () => (file ? readFile(file) : Promise.resolve(body!)),
        discard,
      });
    };
    payload.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) return fail(new AppError('PAYLOAD_TOO_LARGE'));
      verifier.update(chunk);
      if (!out && size <= SPILL_BYTES) {
        held.push(chunk);
        return;
      }
      if (!out) {
        file = join(tmpdir(), `ips-voice-webhook-${randomUUID()}.json`);
        out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
        out.on('error', fail);
        out.on('drain', () => payload.resume());
        for (const c of held.splice(0)) out.write(c);
      }
      if (!out.write(chunk)) payload.pause();
    });
    payload.on('error', fail);
    payload.on('close', () => {
      if (!payload.readableEnded) fail(new AppError('VALIDATION', 'La solicitud se interrumpió'));
    });
    payload.on('end', () => {
      const verdict = verifier.verdict();
      if (!out) return done(verdict);
      out.end(() => done(verdict));
    });
  });
}

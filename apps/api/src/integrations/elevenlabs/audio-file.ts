import { createReadStream } from 'node:fs';

/*
 * A verified post_call_audio body in a temporary file, read without holding it whole (decision 038): one pass
 * finds the `"full_audio": "…"` string and checks that it is plain base64, keeping only the JSON around it (a
 * few hundred bytes); the recording is then decoded from the file a piece at a time. A value written with JSON
 * escapes (`\/`) or a key that is not near the start is left to the whole-body parser, which is always right.
 */

/** The key must appear within this many bytes of the start (it follows `type` and `data` in the provider's JSON). */
const HEAD_MAX = 64 * 1024;
/** The JSON after the value (the closing braces, perhaps a few fields) may be at most this long. */
const TAIL_MAX = 64 * 1024;
/** Base64 characters decoded per piece: 1 MiB of text, 768 KiB of audio. */
const PIECE_CHARS = 1024 * 1024;

const KEY = /"full_audio"\s*:\s*"/;
const QUOTE = 0x22;
const EQUALS = 0x3d;

function isBase64Char(b: number) {
  return (
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x30 && b <= 0x39) ||
    b === 0x2b ||
    b === 0x2f
  );
}

export interface AudioInFile {
  /** The body's JSON with the recording's value emptied (`"full_audio":""`). */
  json: string;
  /** Where the base64 text lies in the file: [start, end). */
  start: number;
  end: number;
  /** The recording's first bytes, for its format. */
  firstBytes: Buffer;
}

/**
 * One pass over the file: the JSON around the recording and where its base64 lies, or null when the body is not
 * one this reader takes (no `full_audio` near the start, an escape inside it, a long tail): read it whole then.
 * A value that is not base64 (a character outside the alphabet, padding in the middle, a length that is not a
 * multiple of 4) is `invalid`.
 */
export async function locateAudio(file: string): Promise<AudioInFile | 'invalid' | null> {
  let offset = 0;
  let head: Buffer[] = [];
  let headLength = 0;
  let start = -1;
  let end = -1;
  let padding = 0;
  let invalid = false;
  let firstText = '';
  const tail: Buffer[] = [];
  let tailLength = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let i = 0;
    if (start < 0) {
      head.push(chunk);
      headLength += chunk.length;
      const text = Buffer.concat(head).toString('latin1');
      const m = KEY.exec(text);
      if (!m) {
        if (headLength > HEAD_MAX) return null;
        offset += chunk.length;
        continue;
      }
      start = m.index + m[0].length;
      const headBytes = Buffer.concat(head);
      head = [headBytes.subarray(0, start)];
      // The head began at the file's start, so this chunk begins at `offset`; the match ends inside it.
      i = start - offset;
    }
    if (end < 0) {
      for (; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (b === QUOTE) {
          end = offset + i;
          break;
        }
        if (b === 0x5c) return null; // a JSON escape: the whole-body parser reads it
        if (b === EQUALS) {
          padding++;
          if (padding > 2) invalid = true;
        } else if (!isBase64Char(b) || padding > 0) invalid = true;
        if (firstText.length < 16) firstText += String.fromCharCode(b);
      }
      if (end < 0) {
        offset += chunk.length;
        continue;
      }
    }
    const rest = chunk.subarray(end >= offset ? end - offset : 0);
    tail.push(rest);
    tailLength += rest.length;
    if (tailLength > TAIL_MAX) return null;
    offset += chunk.length;
  }
  if (start < 0 || end < 0) return null;
  if (invalid || end === start || (end - start) % 4 !== 0) return 'invalid';
  return {
    json: Buffer.concat([...head, ...tail]).toString('utf8'),
    start,
    end,
    firstBytes: Buffer.from(firstText.slice(0, firstText.length - (firstText.length % 4)), 'base64'),
  };
}

/** The recording decoded a piece at a time from [start, end) of the file. */
export async function* decodeAudio(file: string, start: number, end: number): AsyncGenerator<Buffer> {
  let carry = '';
  for await (const chunk of createReadStream(file, {
    start,
    end: end - 1,
    highWaterMark: PIECE_CHARS,
  }) as AsyncIterable<Buffer>) {
    const text = carry + chunk.toString('latin1');
    const whole = text.length - (text.length % 4);
    carry = text.slice(whole);
    if (whole > 0) yield Buffer.from(text.slice(0, whole), 'base64');
  }
  if (carry) yield Buffer.from(carry, 'base64');
}

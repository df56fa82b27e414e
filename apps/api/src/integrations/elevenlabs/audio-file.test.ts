import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebhookPayloadError } from '../../modules/voice-agent/provider';
import { decodeAudio, locateAudio } from './audio-file';
import { parseElevenLabsWebhookFile } from './events';

const dir = mkdtempSync(join(tmpdir(), 'ips-audio-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function fileOf(text: string) {
  const f = join(dir, `${n++}.json`);
  writeFileSync(f, text);
  return f;
}
const mp3 = (size: number) => Buffer.concat([Buffer.from('ID3'), randomBytes(size - 3)]);
const body = (b64: string, before = '', after = '') =>
  `{"type":"post_call_audio","event_timestamp":1700000000,${before}"data":{"agent_id":"a1","conversation_id":"conv_1","full_audio" : "${b64}"${after}}}`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function decoded(file: string, start: number, end: number) {
  const pieces: Buffer[] = [];
  for await (const p of decodeAudio(file, start, end)) pieces.push(p);
  return { pieces: pieces.length, audio: Buffer.concat(pieces) };
}

describe('a recording read from its file', () => {
  it('finds the base64, keeps the JSON around it, and decodes it in pieces to the same bytes', async () => {
    const audio = mp3(2_500_001); // about 3.3 MB of base64: several pieces, and a padded end
    const file = fileOf(body(audio.toString('base64'), '', ',"extra":"ñandú"'));
    const found = await locateAudio(file);
    expect(found).not.toBeNull();
    expect(found).not.toBe('invalid');
    const f = found as Exclude<typeof found, null | 'invalid'>;
    expect(JSON.parse(f.json)).toEqual({
      type: 'post_call_audio',
      event_timestamp: 1700000000,
      data: { agent_id: 'a1', conversation_id: 'conv_1', full_audio: '', extra: 'ñandú' },
    });
    expect(f.firstBytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    const out = await decoded(file, f.start, f.end);
    expect(out.pieces).toBeGreaterThan(2);
    expect(sha(out.audio)).toBe(sha(audio));
  });

  it('looks for the key near the start only; past that the body is parsed whole', async () => {
    const pad = 'x'.repeat(256 * 1024 - 40); // the key at the end of the first 256 KiB read
    const audio = mp3(1000);
    const file = fileOf(body(audio.toString('base64'), `"pad":"${pad}",`));
    const found = await locateAudio(file);
    expect(found).toBeNull(); // the key lies past the 64 KiB the reader looks at: left to the whole parser
    const small = fileOf(body(audio.toString('base64'), `"pad":"${'x'.repeat(60_000)}",`));
    const near = await locateAudio(small);
    expect(near && near !== 'invalid' && sha((await decoded(small, near.start, near.end)).audio)).toBe(
      sha(audio),
    );
  });

  it.each([
    ['a character outside base64', 'SUQz*AAA'],
    ['padding in the middle', 'SUQ=AAAA'],
    ['a length that is not a multiple of 4', 'SUQzAAA'],
    ['three padding characters', 'SUQzA==='],
    ['an empty value', ''],
  ])('refuses %s', async (_, b64) => {
    expect(await locateAudio(fileOf(body(b64)))).toBe('invalid');
    await expect(parseElevenLabsWebhookFile(fileOf(body(b64)))).rejects.toBeInstanceOf(WebhookPayloadError);
  });

  it('leaves a value with JSON escapes to the whole-body parser, which reads it right', async () => {
    const audio = mp3(3000);
    const escaped = audio.toString('base64').replaceAll('/', '\\/');
    const file = fileOf(body(escaped));
    expect(await locateAudio(file)).toBeNull();
    const parsed = await parseElevenLabsWebhookFile(file);
    expect(parsed.audioStream).toBeUndefined();
    expect(sha(parsed.audio!)).toBe(sha(audio));
  });

  it('parses the event and streams its audio; another type is parsed whole', async () => {
    const audio = mp3(400_000);
    const parsed = await parseElevenLabsWebhookFile(fileOf(body(audio.toString('base64'))));
    expect(parsed).toMatchObject({
      eventKey: 'post_call_audio:conv_1',
      event: { kind: 'audio', conversationId: 'conv_1', agentId: 'a1', contentType: 'audio/mpeg' },
      audio: null,
    });
    const pieces: Buffer[] = [];
    for await (const p of parsed.audioStream!()) pieces.push(p);
    expect(sha(Buffer.concat(pieces))).toBe(sha(audio));

    const text = fileOf(
      '{"type":"call_initiation_failure","data":{"conversation_id":"conv_2","failure_reason":"busy","full_audio":"QUJD"}}',
    );
    expect(await parseElevenLabsWebhookFile(text)).toMatchObject({
      eventKey: 'call_initiation_failure:conv_2',
      audio: null,
    });
    await expect(
      parseElevenLabsWebhookFile(fileOf(body(Buffer.from('texto plano sin formato').toString('base64')))),
    ).rejects.toThrow('Formato de audio no admitido');
  });
});

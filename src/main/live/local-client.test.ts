import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, sleep, wavPayload } from '../../../test/helpers/live-audio';
import { audio, MODELS_DIR } from '../../../test/helpers/paths';
import { parseConfig } from '../config';
import { createCore, type Core } from '../core';
import { wordErrorRate } from '../engine/wer';
import { parseLiveRequest } from '../../shared/schemas/live';
import { LocalLiveClient } from './local-client';
import type { LiveMessage } from './messages';

// A live session of the real core (SQLite in a temp folder, the streaming model) driven in-process through
// LocalLiveClient instead of a WebSocket: same acks, transcripts, stored job and recording.

let core: Core;
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lt-local-live-'));
  const { config } = parseConfig(['--data-dir', dataDir, '--models-dir', MODELS_DIR, '--workers', '1'], {});
  core = createCore(
    config,
    () => 'http://127.0.0.1:0',
    () => {},
  );
});

afterAll(async () => {
  await core?.close(5000);
  rmSync(dataDir, { recursive: true, force: true });
});

function open(body: Record<string, unknown>) {
  const parsed = parseLiveRequest(body);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const { job, session } = core.live.create('local-owner', parsed.value);
  const client = new LocalLiveClient();
  const messages: LiveMessage[] = [];
  client.onMessage((m) => messages.push(m));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.onClose((code, reason) => resolve({ code, reason })),
  );
  session.attach(client.transport);
  return { job, session, client, messages, closed };
}

describe('LocalLiveClient', () => {
  it('feeds a session in-process and gets the same messages a WebSocket client would', async () => {
    const { job, client, messages, closed } = open({
      messages_config: { receive_partial_transcripts: true, receive_lifecycle_events: true },
    });
    const pcm = wavPayload(audio('jfk.wav'));
    for (const piece of chunks(pcm, 32000)) {
      client.sendAudio(piece);
      await sleep(10);
    }
    client.stopRecording();
    expect(await closed).toEqual({ code: 1000, reason: 'session ended' });
    expect(client.open).toBe(false);

    const types = messages.map((m) => m.type);
    expect(types[0]).toBe('start_recording');
    expect(types.at(-1)).toBe('end_session');
    const acks = messages.filter((m) => m.type === 'audio_chunk');
    expect(acks).toHaveLength(chunks(pcm, 32000).length);
    expect((acks.at(-1)!.data as { byte_range: number[] }).byte_range[1]).toBe(pcm.length);
    const finals = messages.filter(
      (m) => m.type === 'transcript' && (m.data as { is_final: boolean }).is_final,
    );
    const text = finals.map((m) => (m.data as { utterance: { text: string } }).utterance.text).join(' ');
    expect(
      wordErrorRate(
        'and so my fellow americans ask not what your country can do for you ask what you can do for your country',
        text,
      ),
    ).toBeLessThanOrEqual(0.35);
    expect(messages.some((m) => m.type === 'transcript' && !(m.data as { is_final: boolean }).is_final)).toBe(
      true,
    );

    const stored = core.jobs.get(job.id)!;
    expect(stored.status).toBe('done');
    const file = core.files.get(stored.fileId!)!;
    expect(file.audioDuration).toBeCloseTo(11, 1);
    // Frames after the close go nowhere.
    client.sendAudio(Buffer.alloc(320));
    expect(messages.at(-1)!.type).toBe('end_session');
  }, 60_000);

  it('ends the session when the client closes with 1000, and leaves it waiting on other codes', async () => {
    const dropped = open({});
    dropped.client.sendAudio(Buffer.alloc(3200));
    dropped.client.close(1006);
    await dropped.closed;
    await sleep(50);
    expect(dropped.session.finished).toBe(false);
    await dropped.session.end('shutdown');

    const done = open({});
    done.client.sendAudio(Buffer.alloc(3200));
    done.client.close(1000);
    expect(await done.closed).toMatchObject({ code: 1000 });
    for (let i = 0; i < 100 && !done.session.finished; i++) await sleep(50);
    expect(done.session.finished).toBe(true);
    expect(core.jobs.get(done.job.id)!.status).toBe('done');
  }, 30_000);
});

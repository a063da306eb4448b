import { readFileSync } from 'node:fs';
import { GladiaClient } from '@gladiaio/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../src/main/engine/wer';
import { chunks, sleep, wavPayload } from '../helpers/live-audio';
import { audio, AUDIO_DIR } from '../helpers/paths';
import { api, KEY, removeDir, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startTcpProxy } from '../helpers/tcp-proxy';

// The real npm client's liveV2() against the real server, reached through a TCP proxy that can drop connections.

let server: ServerProcess;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let client: GladiaClient;
const refs = Object.fromEntries(
  readFileSync(`${AUDIO_DIR}/refs.tsv`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'))
    .map(([f, , text]) => [f!, text!]),
);

beforeAll(async () => {
  // The proxy's port must be known before the server starts, since the session URL is built on --public-url.
  const probe = await startTcpProxy(1);
  const port = probe.port;
  await probe.close();
  server = await startServerProcess({ args: ['--public-url', `http://127.0.0.1:${port}`] });
  proxy = await startTcpProxy(Number(new URL(server.url).port), port);
  client = new GladiaClient({ apiKey: KEY, apiUrl: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await proxy?.close();
  await server.stop();
  removeDir(server.dataDir);
});

interface Run {
  id: string;
  messages: any[];
  ended: { code: number };
  errors: unknown[];
}

/** Streams a WAV at real-time pace in 100 ms chunks; `during` runs after each chunk is sent. */
async function stream(
  file: string,
  options: Record<string, unknown>,
  during?: (index: number) => Promise<void>,
): Promise<Run> {
  const session = client.liveV2().startSession({
    encoding: 'wav/pcm',
    sample_rate: 16000,
    bit_depth: 16,
    channels: 1,
    ...options,
  } as never);
  const messages: any[] = [];
  const errors: unknown[] = [];
  session.on('message', (m) => messages.push(m));
  session.on('error', (e) => errors.push(e));
  const ended = new Promise<{ code: number }>((resolve) =>
    session.once('ended', (e) => resolve(e as { code: number })),
  );
  const pieces = chunks(wavPayload(file), 32000);
  const start = performance.now();
  for (let i = 0; i < pieces.length; i++) {
    session.sendAudio(pieces[i]!);
    await during?.(i);
    const due = start + (i + 1) * 100;
    await sleep(Math.max(0, due - performance.now()));
  }
  session.stopRecording();
  return { id: await session.getSessionId(), messages, ended: await ended, errors };
}

const finals = (run: Run) => run.messages.filter((m) => m.type === 'transcript' && m.data.is_final);
const text = (run: Run) =>
  finals(run)
    .map((m) => m.data.utterance.text)
    .join(' ');

describe('live sessions through @gladiaio/sdk', () => {
  it('streams a recording at real-time pace: partials, finals, post-processing, close 1000, stored job', async () => {
    const run = await stream(audio('jfk.wav'), {
      messages_config: { receive_partial_transcripts: true, receive_lifecycle_events: true },
      custom_metadata: { who: 'jfk' },
    });
    expect(run.errors).toEqual([]);
    expect(run.ended.code).toBe(1000);
    const types = run.messages.map((m) => m.type);
    for (const t of [
      'start_session',
      'start_recording',
      'transcript',
      'end_recording',
      'post_transcript',
      'post_final_transcript',
      'end_session',
    ]) {
      expect(types).toContain(t);
    }
    expect(types.indexOf('end_recording')).toBeLessThan(types.indexOf('post_transcript'));
    expect(types.indexOf('post_final_transcript')).toBeLessThan(types.indexOf('end_session'));
    const partials = run.messages.filter((m) => m.type === 'transcript' && !m.data.is_final);
    expect(partials.length).toBeGreaterThan(0);
    const finalIds = new Set(finals(run).map((m) => m.data.id));
    expect(partials.some((p) => finalIds.has(p.data.id))).toBe(true);
    for (const m of run.messages) expect(m.session_id).toBe(run.id);
    for (const f of finals(run)) {
      const u = f.data.utterance;
      expect(u.words.map((w: { word: string }) => w.word).join('')).toBe(u.text);
    }

    const liveWer = wordErrorRate(refs['jfk.wav']!, text(run));
    const pre = await client.preRecorded().transcribe(audio('jfk.wav'), undefined, { interval: 200 });
    const preWer = wordErrorRate(refs['jfk.wav']!, pre.result!.transcription!.full_transcript);
    console.log(
      `live WER ${(liveWer * 100).toFixed(1)}% vs pre-recorded ${(preWer * 100).toFixed(1)}%: "${text(run)}"`,
    );
    expect(liveWer).toBeLessThanOrEqual(preWer + 0.1);

    const job = await client.liveV2().get(run.id);
    expect(job).toMatchObject({ id: run.id, kind: 'live', status: 'done', custom_metadata: { who: 'jfk' } });
    expect(job.result!.metadata.audio_duration).toBeCloseTo(11, 0);
    expect(job.result!.transcription!.full_transcript.length).toBeGreaterThan(20);
    const recorded = (job.result as any).messages as string[];
    expect(recorded.map((m) => JSON.parse(m).type)).toContain('post_final_transcript');
    const wav = Buffer.from(await client.liveV2().getFile(run.id));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    const listed = await client.liveV2().list({ limit: 5 });
    expect(listed.items.map((j) => j.id)).toContain(run.id);
    expect(await client.liveV2().delete(run.id)).toBe(true);
    expect((await api(server.url, 'GET', `/v2/live/${run.id}`)).status).toBe(404);
  });

  it('resumes after a dropped connection without losing or duplicating audio', async () => {
    let cut = false;
    const run = await stream(audio('libri_0870.wav'), {}, async (index) => {
      if (index === 30 && !cut) {
        // Cut when nothing is in flight: the last ack has arrived and the next chunk is not sent yet.
        while (proxy.quietFor() < 20) await sleep(5);
        cut = proxy.cutAll() > 0;
      }
    });
    expect(cut).toBe(true);
    expect(run.ended.code).toBe(1000);
    const expected = wavPayload(audio('libri_0870.wav')).length / 32000;
    const end = run.messages.find((m) => m.type === 'post_final_transcript');
    expect(end.data.metadata.audio_duration).toBeCloseTo(expected, 3);
    expect(text(run).toLowerCase()).toContain('dashwood');
    const wer = wordErrorRate(refs['libri_0870.wav']!, text(run));
    expect(wer).toBeLessThanOrEqual(0.25);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWavHeader } from '../../src/main/audio/wav';
import {
  CaptureService,
  type CaptureEnded,
  type CaptureLevelEvent,
  type CaptureSession,
} from '../../src/main/capture/capture-service';
import { CaptureError } from '../../src/main/capture/errors';
import { ffmpegCaptureProvider } from '../../src/main/capture/ipc-provider';
import { MIN_DBFS } from '../../src/main/capture/levels';
import { parseConfig } from '../../src/main/config';
import { wordErrorRate } from '../../src/main/engine/wer';
import type { LiveMessage } from '../../src/main/live/messages';
import { startServer, type RunningServer } from '../../src/main/server';
import type { Utterance } from '../../src/shared/transcript';
import { sleep, wavPayload } from '../helpers/live-audio';
import { audio, AUDIO_DIR, MODELS_DIR } from '../helpers/paths';
import {
  pulseUnavailableReason,
  startPulseServer,
  type PipeSource,
  type PulseServer,
} from '../helpers/pulse-server';

// Native capture end to end on Linux: a private PulseAudio server with a virtual microphone fed from a WAV at
// real-time pace, captured by the CaptureService through Debian's ffmpeg into live sessions of the real core
// (SQLite in a temp folder, the streaming model from ../shared/models), read back over the real HTTP API.

const unavailable = pulseUnavailableReason();
const KEY = 'capture-test-key-0123456789';

const reference = (name: string): string => {
  const line = readFileSync(join(AUDIO_DIR, 'refs.tsv'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}\t`));
  return line!.split('\t')[2]!.trim();
};

/** ffmpeg processes this test process started and that are still there. */
function ffmpegChildren(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)]).toString();
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /\bffmpeg$/.test(l));
}

interface Recorded {
  levels: CaptureLevelEvent[];
  messages: { at: number; message: LiveMessage }[];
  errors: CaptureError[];
  ended: Promise<CaptureEnded>;
}

function record(session: CaptureSession): Recorded {
  const recorded: Recorded = {
    levels: [],
    messages: [],
    errors: [],
    ended: new Promise((resolve) => session.events.once('ended', resolve)),
  };
  session.events.on('level', (level) => recorded.levels.push(level));
  session.events.on('message', (message) => recorded.messages.push({ at: Date.now(), message }));
  session.events.on('error', (error) => recorded.errors.push(error));
  return recorded;
}

const transcripts = (r: Recorded, final: boolean) =>
  r.messages.filter(
    (m) => m.message.type === 'transcript' && (m.message.data as { is_final: boolean }).is_final === final,
  );

describe.skipIf(unavailable !== null)(
  `native capture over PulseAudio${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let pulse: PulseServer;
    let mic: PipeSource;
    let server: RunningServer;
    let service: CaptureService;
    let dataDir: string;
    let owner: string;

    async function fetchJob(id: string) {
      const response = await fetch(`${server.url}/v2/live/${id}`, { headers: { 'x-gladia-key': KEY } });
      return (await response.json()) as {
        status: string;
        file: unknown;
        result: { metadata: { audio_duration: number } } | null;
      };
    }

    async function fetchWav(id: string) {
      const response = await fetch(`${server.url}/v2/live/${id}/file`, { headers: { 'x-gladia-key': KEY } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const wav = Buffer.from(await response.arrayBuffer());
      const header = readWavHeader(wav)!;
      return { header, seconds: header.dataLength / (header.sampleRate * header.channels * 2), wav };
    }

    beforeAll(async () => {
      pulse = await startPulseServer();
      mic = await pulse.addPipeSource('virtmic', { rate: 16000, channels: 1 });
      dataDir = mkdtempSync(join(tmpdir(), 'lt-capture-'));
      const { config } = parseConfig(
        [
          '--data-dir',
          dataDir,
          '--models-dir',
          MODELS_DIR,
          '--port',
          '0',
          '--workers',
          '1',
          '--api-key',
          KEY,
        ],
        {},
      );
      server = await startServer(config, () => {});
      owner = server.keys.primary().owner;
      service = new CaptureService({ live: server.core.live, log: () => {} }, { env: pulse.env });
    });

    afterAll(async () => {
      await service?.close();
      await server?.close();
      await pulse?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('lists the virtual microphone as the default PulseAudio source', async () => {
      expect(await service.availability()).toEqual({ available: true, reason: null });
      const devices = await service.listDevices();
      expect(devices).toContainEqual({
        id: 'pulse:virtmic',
        name: expect.stringContaining('FIFO'),
        isDefault: true,
      });
    });

    it('refuses unknown devices and bad parameters without leaving a job behind', async () => {
      const before = server.core.jobs.list({ owner, offset: 0, limit: 1000 }).length;
      const unknown = await service
        .start({ deviceId: 'pulse:no-such-mic', owner })
        .catch((e: unknown) => e as CaptureError);
      expect(unknown).toBeInstanceOf(CaptureError);
      expect(unknown).toMatchObject({ code: 'unknown_device', status: 404 });
      const invalid = await service
        .start({ deviceId: 'pulse:virtmic', owner, liveParams: { sample_rate: 12345, endpointing: 99 } })
        .catch((e: unknown) => e as CaptureError);
      expect(invalid).toMatchObject({ code: 'invalid_params', status: 400 });
      expect((invalid as CaptureError).details.join(' ')).toMatch(/sample_rate/);
      expect((invalid as CaptureError).details.join(' ')).toMatch(/endpointing/);
      expect(server.core.jobs.list({ owner, offset: 0, limit: 1000 })).toHaveLength(before);
      expect(ffmpegChildren()).toEqual([]);
    });

    it('captures speech into a live session: levels, partials, finals, a done job with its WAV', async () => {
      const jfk = wavPayload(audio('jfk.wav'));
      const session = await service.start({ deviceId: 'pulse:virtmic', owner });
      const r = record(session);
      expect(session.format).toEqual({ sampleRate: 16000, channels: 1 });
      expect(ffmpegChildren()).toHaveLength(1);

      const feed = mic.play(jfk, { thenSilence: true });
      await feed.written;
      // A second and a half of room silence after the last word lets endpointing close the utterance.
      await sleep(1500);
      const stopAt = Date.now();
      const ended = await service.stop(session.sessionId);
      const stopS = (Date.now() - stopAt) / 1000;
      await feed.stop();
      expect(await r.ended).toEqual(ended);
      expect(ended).toMatchObject({
        sessionId: session.sessionId,
        reason: 'stopped',
        error: null,
        closeCode: 1000,
      });
      expect(ffmpegChildren()).toEqual([]);

      // Levels: 20 a second of audio, loud during the speech and at the floor in the silence after it.
      const expectedLevels = ended.capturedS / 0.05;
      expect(r.levels.length).toBeGreaterThan(expectedLevels * 0.9);
      expect(r.levels.length).toBeLessThanOrEqual(Math.ceil(expectedLevels) + 1);
      expect(Math.max(...r.levels.map((l) => l.peakDb))).toBeGreaterThan(-12);
      expect(r.levels.filter((l) => l.time > 11.3).every((l) => l.rmsDb === MIN_DBFS)).toBe(true);
      expect(r.levels.every((l, i) => i === 0 || l.time > r.levels[i - 1]!.time)).toBe(true);

      const partials = transcripts(r, false);
      const finals = transcripts(r, true);
      expect(partials.length).toBeGreaterThan(0);
      expect(finals.length).toBeGreaterThan(0);
      const text = finals.map((m) => (m.message.data as { utterance: Utterance }).utterance.text).join(' ');
      const wer = wordErrorRate(reference('jfk.wav'), text);
      expect(wer).toBeLessThanOrEqual(0.35);
      expect(r.messages.map((m) => m.message.type)).toContain('post_final_transcript');
      expect(r.errors).toEqual([]);

      // Capture-to-transcript latency: from the moment the audio of an utterance's last word went into the
      // microphone to the moment its transcript came out of the session.
      const latency = (m: { at: number; message: LiveMessage }) =>
        (m.at - (feed.startedAt + (m.message.data as { utterance: Utterance }).utterance.end * 1000)) / 1000;
      const finalLatencies = finals.map(latency);
      const partialLatencies = partials.map(latency);
      const firstPartial = (partials[0]!.at - feed.startedAt) / 1000;
      console.log(
        `capture jfk.wav: WER ${wer.toFixed(3)} "${text}"; ${partials.length} partials, ${finals.length} finals, ` +
          `${r.levels.length} levels; final latency ${finalLatencies.map((s) => s.toFixed(2)).join('/')} s, ` +
          `partial latency median ${median(partialLatencies).toFixed(2)} s, first partial ${firstPartial.toFixed(2)} s ` +
          `after the first sample; stop → ended ${stopS.toFixed(2)} s`,
      );
      expect(Math.max(...finalLatencies)).toBeLessThan(5);

      const job = await fetchJob(session.sessionId);
      expect(job.status).toBe('done');
      const { header, seconds } = await fetchWav(session.sessionId);
      expect(header).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, format: 'pcm' });
      expect(seconds).toBeCloseTo(ended.capturedS, 1);
      // All of the speech and the silence after it, and not much more.
      expect(seconds).toBeGreaterThan(11 + 1);
      expect(seconds).toBeLessThan(11 + 1.5 + 1.5);
      expect(job.result!.metadata.audio_duration).toBeCloseTo(seconds, 1);
    }, 90_000);

    it('stops mid-stream cleanly, keeping what was captured', async () => {
      const speech = wavPayload(audio('libri_0870.wav'));
      const session = await service.start({ deviceId: 'pulse:virtmic', owner });
      const r = record(session);
      const feed = mic.play(speech);
      await sleep(4000);
      const ended = await service.stop(session.sessionId);
      await feed.stop();
      expect(ended).toMatchObject({ reason: 'stopped', error: null, closeCode: 1000 });
      expect(ended.capturedS).toBeGreaterThan(3);
      expect(ended.capturedS).toBeLessThan(5.5);
      expect(r.errors).toEqual([]);
      expect(ffmpegChildren()).toEqual([]);
      expect((await fetchJob(session.sessionId)).status).toBe('done');
      expect((await fetchWav(session.sessionId)).seconds).toBeCloseTo(ended.capturedS, 1);
      // Stopping twice finds nothing running.
      await expect(service.stop(session.sessionId)).rejects.toMatchObject({ code: 'not_found' });
    }, 60_000);

    it('serves the bridge’s CaptureProvider too: raw PCM from the device', async () => {
      const provider = ffmpegCaptureProvider({ env: pulse.env });
      expect(await provider.availability()).toEqual({ available: true, reason: null });
      expect(await provider.listDevices()).toContainEqual({
        id: 'pulse:virtmic',
        label: expect.stringContaining('FIFO'),
        isDefault: true,
      });
      let bytes = 0;
      const events: string[] = [];
      const handle = await provider.open(
        'pulse:virtmic',
        { sampleRate: 16000, channels: 1 },
        {
          onData: (pcm) => (bytes += pcm.length),
          onError: (error) => events.push(`error ${error.message}`),
          onEnd: () => events.push('end'),
        },
      );
      const feed = mic.play(wavPayload(audio('jfk.wav')).subarray(0, 2 * 32000), { thenSilence: true });
      await feed.written;
      await sleep(300);
      await handle.stop();
      await feed.stop();
      expect(bytes / 32000).toBeGreaterThan(2);
      expect(bytes / 32000).toBeLessThan(2 + 0.3 + 1);
      expect(events).toEqual([]);
      expect(ffmpegChildren()).toEqual([]);
    }, 30_000);

    // Last: the server is gone afterwards.
    it('ends with an error event when the device goes away, and still stores the job', async () => {
      const session = await service.start({ deviceId: 'pulse:virtmic', owner });
      const r = record(session);
      const feed = mic.play(wavPayload(audio('jfk.wav')), { thenSilence: true });
      await sleep(3000);
      await pulse.kill();
      const ended = await r.ended;
      await feed.stop();
      expect(ended.reason).toBe('device_error');
      expect(ended.closeCode).toBe(1000);
      expect(ended.error).toMatch(/^The input device ".*FIFO.*" stopped: virtmic: /);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatchObject({ code: 'device_error' });
      console.log(`device gone: ${ended.error} (${ended.capturedS} s captured)`);
      expect(ended.capturedS).toBeGreaterThan(2);
      expect(ended.capturedS).toBeLessThan(4.5);
      expect(ffmpegChildren()).toEqual([]);
      expect((await fetchJob(session.sessionId)).status).toBe('done');
      expect((await fetchWav(session.sessionId)).seconds).toBeCloseTo(ended.capturedS, 1);
      // With the sound server gone, PulseAudio devices are no longer offered.
      const after = await service.listDevices().catch((e: unknown) => e as CaptureError);
      if (after instanceof CaptureError) expect(after.code).toBe('unavailable');
      else expect(after.filter((d) => d.id.startsWith('pulse:'))).toEqual([]);
    }, 60_000);
  },
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
}

// `npm run bench:live`: live transcription latency and capacity on this machine. Streams real recordings at
// real-time pace in 100 ms chunks over plain WebSockets to the real server process and prints:
// - final-transcript latency beyond the endpointing silence (arrival − when the audio at utterance end +
//   endpointing was sent), p50/p95;
// - time from the first speech audio sent to the first partial transcript;
// - for 1, 4, 8, 12, 16 concurrent sessions: final latency p95 and audio left to process at stop (growing lag shows
//   in both).
import WebSocket from 'ws';
import { ensureBuilt } from '../scripts/build-if-stale.mjs';
import { chunks, sleep, wavPayload } from '../test/helpers/live-audio';
import { audio } from '../test/helpers/paths';
import { api, removeDir, startServerProcess } from '../test/helpers/server-process';

const ENDPOINTING = 0.3;
const FILES = ['dialog_dev.wav', 'jfk.wav', 'libri_0870.wav', 'libri_0880.wav', 'libri_0890.wav'];
const SILENCE = Buffer.alloc(32000 * 2); // 2 s between recordings so every utterance can end

interface SessionStats {
  finalLatencies: number[];
  firstPartial: number | null;
  leftToProcess: number;
}

async function runSession(base: string, pcm: Buffer): Promise<SessionStats> {
  const init = await api(base, 'POST', '/v2/live', {
    endpointing: ENDPOINTING,
    messages_config: { receive_partial_transcripts: true },
  });
  if (init.status !== 201) throw new Error(`init answered ${init.status}: ${JSON.stringify(init.body)}`);
  const ws = new WebSocket(init.body.url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const stats: SessionStats = { finalLatencies: [], firstPartial: null, leftToProcess: 0 };
  let start = 0;
  // Audio at time t travels in the chunk that is sent at ceil(t / 0.1) × 0.1 s after the start.
  const sentAt = (t: number) => start + Math.ceil(t * 10 - 1e-9) * 100;
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  ws.on('message', (raw) => {
    const now = performance.now();
    const m = JSON.parse(raw.toString());
    if (m.type === 'transcript' && m.data.is_final) {
      stats.finalLatencies.push(now - sentAt(m.data.utterance.end + ENDPOINTING));
    } else if (m.type === 'transcript' && stats.firstPartial === null) {
      stats.firstPartial = now - sentAt(m.data.utterance.words[0]?.start ?? m.data.utterance.start);
    } else if (m.type === 'stop_recording') {
      stats.leftToProcess = m.data.recording_left_to_process;
    }
  });
  start = performance.now();
  const pieces = chunks(pcm, 32000);
  for (let i = 0; i < pieces.length; i++) {
    ws.send(pieces[i]!);
    await sleep(Math.max(0, start + (i + 1) * 100 - performance.now()));
  }
  ws.send(JSON.stringify({ type: 'stop_recording' }));
  await closed;
  return stats;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main() {
  await ensureBuilt();
  const server = await startServerProcess({ args: ['--max-live-sessions', '64'] });
  const pcm = Buffer.concat(FILES.flatMap((f) => [wavPayload(audio(f)), SILENCE]));
  try {
    console.log(
      `stream: ${(pcm.length / 32000).toFixed(1)} s of speech and pauses per session, endpointing ${ENDPOINTING} s`,
    );
    const single = await runSession(server.url, pcm);
    console.log(
      `1 session: final latency beyond endpointing p50 ${pct(single.finalLatencies, 50).toFixed(0)} ms, p95 ${pct(single.finalLatencies, 95).toFixed(0)} ms (target p95 <= 150 ms); first partial ${single.firstPartial?.toFixed(0)} ms (target <= 300 ms)`,
    );
    console.log(
      'sessions  final p50  final p95  first partial p50  first partial p95  left to process at stop (max)',
    );
    for (const n of [4, 8, 12, 16]) {
      const all = await Promise.all(
        Array.from({ length: n }, (_, i) => sleep(i * 37).then(() => runSession(server.url, pcm))),
      );
      const latencies = all.flatMap((s) => s.finalLatencies);
      const firstPartials = all.flatMap((s) => (s.firstPartial === null ? [] : [s.firstPartial]));
      const left = Math.max(...all.map((s) => s.leftToProcess));
      const ms = (v: number, width: number) => `${v.toFixed(0).padStart(width)} ms`;
      console.log(
        `${String(n).padStart(8)}  ${ms(pct(latencies, 50), 6)}  ${ms(pct(latencies, 95), 6)}  ${ms(pct(firstPartials, 50), 14)}  ${ms(pct(firstPartials, 95), 14)}  ${left.toFixed(2)} s`,
      );
    }
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

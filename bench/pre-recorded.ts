// `npm run bench`: end-to-end real-time factor, peak RSS and GET latency of the headless server, on a 5-minute
// file built from ../shared/audio, then the time each add-on adds to the same job (the language-model add-ons talk
// to an instant loopback endpoint, so their figure is our own overhead, not a model's). Prints figures; asserts
// nothing (targets are in the README).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/build-if-stale.mjs';
import { AUDIO_DIR } from '../test/helpers/paths';
import { api, KEY, removeDir, startServerProcess } from '../test/helpers/server-process';
import { startTestEndpoint, userText } from '../src/main/addons/llm/test-endpoint';
import { translatingModel } from '../src/main/addons/translation/test-translator';

const TARGET_SECONDS = 300;

function buildLongFile(dir: string): string {
  const clips = readdirSync(AUDIO_DIR).filter((f) => f.endsWith('.wav'));
  const list = join(dir, 'list.txt');
  const out = join(dir, 'five-minutes.wav');
  const durations = clips.map((c) => readFileSync(join(AUDIO_DIR, c)).length / 32000);
  const total = durations.reduce((a, b) => a + b, 0);
  const repeats = Math.ceil(TARGET_SECONDS / total);
  const lines = Array.from({ length: repeats }, () =>
    clips.map((c) => `file '${join(AUDIO_DIR, c)}'`),
  ).flat();
  writeFileSync(list, lines.join('\n'));
  execFileSync(ffmpeg.path, [
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-t',
    String(TARGET_SECONDS),
    '-ar',
    '16000',
    '-ac',
    '1',
    out,
  ]);
  return out;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

// autocannon rather than fetch: the client shares the two cores with the server, so it must stay light.
async function getLatency(base: string, id: string, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${base}/v2/pre-recorded/${id}`,
    headers: { 'x-gladia-key': KEY },
    connections,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`GET failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

const ADDONS = {
  diarization: true,
  custom_vocabulary: true,
  custom_vocabulary_config: { vocabulary: ['Dashwood', 'Marianne', 'planning call', 'Kubernetes'] },
  custom_spelling: true,
  custom_spelling_config: { spelling_dictionary: { Mr: ['mister'] } },
  punctuation_enhanced: true,
  pii_redaction: true,
  sentences: true,
  display_mode: true,
  subtitles: true,
  subtitles_config: { formats: ['srt', 'vtt'] },
  named_entity_recognition: true,
  sentiment_analysis: true,
  moderation: true,
  summarization: true,
  audio_to_llm: true,
  audio_to_llm_config: { prompts: ['List the action items'] },
  structured_data_extraction: true,
  structured_data_extraction_config: { classes: ['person'] },
  translation: true,
  translation_config: { target_languages: ['fr'] },
};

async function waitFor(base: string, id: string): Promise<any> {
  for (;;) {
    const job = (await api(base, 'GET', `/v2/pre-recorded/${id}`)).body;
    if (job.status === 'done' || job.status === 'error') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One job with every add-on on the same audio; each add-on's own time comes from post_session_metadata. */
async function timeAddons(base: string, audioUrl: string, plainSeconds: number): Promise<void> {
  const created = await api(base, 'POST', '/v2/pre-recorded', { audio_url: audioUrl, ...ADDONS });
  const job = await waitFor(base, created.body.id);
  if (job.status !== 'done') throw new Error(`add-on job failed: ${JSON.stringify(job)}`);
  const times = job.post_session_metadata.addon_exec_times as Record<string, number>;
  console.log('add-ons on the 5-minute job (seconds each adds):');
  for (const [name, seconds] of Object.entries(times).sort((a, b) => b[1] - a[1])) {
    const failed =
      job.result[name]?.success === false ? '  (failed: ' + job.result[name].error.message + ')' : '';
    console.log(`  ${name.padEnd(28)} ${seconds.toFixed(3)}${failed}`);
  }
  const total = job.result.metadata.transcription_time;
  console.log(
    `  job with every add-on ${total.toFixed(2)} s vs ${plainSeconds.toFixed(2)} s without (+${(total - plainSeconds).toFixed(2)} s)`,
  );
}

async function main() {
  await ensureBuilt();
  const scratch = mkdtempSync(join(tmpdir(), 'lt-bench-'));
  const file = buildLongFile(scratch);
  // Answers at once: the figures are what our chunking and parsing cost, not what a model would.
  const llm = await startTestEndpoint(
    translatingModel((request) =>
      userText(request).startsWith('Classes:') ? '{"person": ["Dashwood"]}' : 'Noted.',
    ),
  );
  const server = await startServerProcess({ args: ['--llm-url', llm.url, '--llm-model', 'test-model'] });
  try {
    const form = new FormData();
    form.append('audio', new Blob([readFileSync(file)]), 'five-minutes.wav');
    const t0 = performance.now();
    const upload = await fetch(`${server.url}/v2/upload`, {
      method: 'POST',
      headers: { 'x-gladia-key': KEY },
      body: form,
    });
    const { audio_url, audio_metadata } = (await upload.json()) as {
      audio_url: string;
      audio_metadata: { audio_duration: number };
    };
    const created = await api(server.url, 'POST', '/v2/pre-recorded', { audio_url });
    let job: any;
    for (;;) {
      job = (await api(server.url, 'GET', `/v2/pre-recorded/${created.body.id}`)).body;
      if (job.status === 'done' || job.status === 'error') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const elapsed = (performance.now() - t0) / 1000;
    if (job.status !== 'done') throw new Error(`job failed: ${JSON.stringify(job.post_session_metadata)}`);
    const duration = audio_metadata.audio_duration;
    const rss = peakRssMb(server.child.pid!);

    await getLatency(server.url, created.body.id, 32, 1); // warm-up
    const load = await getLatency(server.url, created.body.id, 32, 5);

    console.log(`audio duration           ${duration.toFixed(1)} s`);
    console.log(
      `end-to-end time          ${elapsed.toFixed(2)} s (upload + queue + decode + VAD + recognition + store)`,
    );
    console.log(`engine transcription     ${job.result.metadata.transcription_time.toFixed(2)} s`);
    console.log(`real-time factor (e2e)   ${(elapsed / duration).toFixed(4)}   target <= 0.05`);
    console.log(`peak RSS (server)        ${rss.toFixed(0)} MB   target <= 400 MB`);
    const kb = (JSON.stringify(job).length / 1024).toFixed(0);
    console.log(
      `GET /v2/pre-recorded/:id, 32 in flight for 5 s, ${load.requests.total} requests, ${kb} KB body:`,
    );
    console.log(
      `  ${load.requests.average.toFixed(0)} req/s   p50 ${load.latency.p50} ms   p99 ${load.latency.p99} ms   target p99 <= 10 ms`,
    );
    // Last, so that the add-ons' memory does not count in the transcription's peak RSS above.
    await timeAddons(server.url, audio_url, job.result.metadata.transcription_time);
  } finally {
    await llm.close();
    await server.stop();
    removeDir(server.dataDir);
    removeDir(scratch);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { audio, MODELS_DIR } from '../../../test/helpers/paths';
import { ModelRegistry } from './models';
import { EnginePool } from './pool';
import { concat, loadAudio, references } from './test-audio';
import { transcribe } from './transcriber';
import { wordErrorRate } from './wer';

// Real-time factor of a ~5-minute recording on a 2-worker pool (target: well under 0.05 on 2 cores).
it('transcribes 5 minutes of speech fast, in bounded memory, as accurately as short files', async () => {
  const dialog = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')).segments as { text: string }[];
  const parts = [
    ...references().map((r) => ({ samples: loadAudio(r.file), text: r.text })),
    { samples: loadAudio('dialog_dev.wav'), text: dialog.map((t) => t.text).join(' ') },
  ];
  const rounds = Math.ceil((300 * 16000) / parts.reduce((n, p) => n + p.samples.length + 8000, 0));
  const all = Array.from({ length: rounds }, () => parts).flat();
  const samples = concat(
    all.map((p) => p.samples),
    0.5,
  );
  const durationSec = samples.length / 16000;
  const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', []);
  if (!resolved.ok) throw new Error(resolved.message);

  const pool = new EnginePool({ size: 2 });
  try {
    const started = performance.now();
    const { utterances } = await transcribe(
      pool,
      { channels: [samples], sampleRate: 16000 },
      { model: resolved.model, language: 'en' },
    );
    const elapsedSec = (performance.now() - started) / 1000;
    const rtf = elapsedSec / durationSec;
    const wer = wordErrorRate(all.map((p) => p.text).join(' '), utterances.map((u) => u.text).join(' '));
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `RTF ${rtf.toFixed(4)} (${elapsedSec.toFixed(2)} s for ${durationSec.toFixed(1)} s of audio, 2 workers), ` +
        `WER ${wer.toFixed(3)}, ${utterances.length} utterances, peak RSS ${peakRssMb.toFixed(0)} MB`,
    );
    // Loose bound: other test files share the two cores while this runs.
    expect(rtf).toBeLessThan(0.1);
    expect(wer).toBeLessThan(0.15);
    expect(utterances[utterances.length - 1]!.end).toBeLessThanOrEqual(durationSec);
  } finally {
    await pool.close();
  }
});

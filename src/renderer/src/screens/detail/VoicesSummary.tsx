import type { Utterance } from '../../../../shared/transcript';
import { formatDuration } from '../../lib/format';
import { summarizeVoices } from '../../lib/transcript';

export function VoicesSummary({ utterances, channels }: { utterances: Utterance[]; channels: number }) {
  const voices = summarizeVoices(utterances, channels);
  if (!voices.length) return null;
  return (
    <ul className="voices" aria-label="Speakers and channels">
      {voices.map((voice) => (
        <li key={voice.label} className="voice-summary">
          <span className={`voice tone-${voice.tone % 6}`}>{voice.label}</span>
          <span className="muted small">
            {formatDuration(voice.seconds)} · {voice.utterances} {voice.utterances === 1 ? 'turn' : 'turns'}
          </span>
        </li>
      ))}
    </ul>
  );
}

import { Fragment, memo, useMemo, useRef, type MouseEvent, type RefObject } from 'react';
import type { Utterance } from '../../../../shared/transcript';
import { formatTimestamp } from '../../lib/format';
import { flattenWords, voiceLabel } from '../../lib/transcript';
import { useWordHighlight } from './use-word-highlight';

interface TranscriptViewProps {
  utterances: Utterance[];
  channels: number;
  audioRef: RefObject<HTMLAudioElement | null>;
  canPlay: boolean;
  /** Scroll the transcript to keep the played word in view. */
  follow: boolean;
}

/** Utterances render once; the highlight and seeking work on the DOM (see useWordHighlight). */
const Utterances = memo(function Utterances({
  utterances,
  channels,
  canPlay,
  onSeek,
}: {
  utterances: Utterance[];
  channels: number;
  canPlay: boolean;
  onSeek(time: number): void;
}) {
  let index = 0;
  return (
    <>
      {utterances.map((utterance, u) => {
        const voice = voiceLabel(utterance, channels);
        const tone = utterance.speaker ?? utterance.channel;
        return (
          <div key={u} className="utterance" data-tone={voice ? tone % 6 : undefined}>
            <div className="utterance-meta">
              {canPlay ? (
                <button
                  type="button"
                  className="timestamp"
                  onClick={() => onSeek(utterance.start)}
                  aria-label={`Play from ${formatTimestamp(utterance.start)}`}
                >
                  {formatTimestamp(utterance.start)}
                </button>
              ) : (
                <span className="timestamp">{formatTimestamp(utterance.start)}</span>
              )}
              {voice && <span className={`voice tone-${tone % 6}`}>{voice}</span>}
            </div>
            <p className="utterance-text" lang={utterance.language || undefined}>
              {utterance.words.length
                ? utterance.words.map((word, i) => {
                    const w = index++;
                    // Gladia words carry their leading space; live engines' words may not.
                    const gap = i > 0 && !/^\s/.test(word.word) ? ' ' : '';
                    return (
                      <Fragment key={w}>
                        {gap}
                        <span className="word" data-w={w} data-start={word.start}>
                          {word.word}
                        </span>
                      </Fragment>
                    );
                  })
                : utterance.text}
            </p>
          </div>
        );
      })}
    </>
  );
});

export function TranscriptView({ utterances, channels, audioRef, canPlay, follow }: TranscriptViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const words = useMemo(() => flattenWords(utterances), [utterances]);
  useWordHighlight(audioRef, container, words, follow);

  const seek = useMemo(
    () => (time: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = time;
      void audio.play().catch(() => undefined);
    },
    [audioRef],
  );
  const onClick = (event: MouseEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-start]');
    if (target && canPlay) seek(Number(target.dataset.start));
  };

  return (
    <div className="transcript">
      <div
        ref={container}
        className={`transcript-scroll${canPlay ? ' transcript-seekable' : ''}`}
        onClick={onClick}
        data-testid="transcript"
      >
        <Utterances utterances={utterances} channels={channels} canPlay={canPlay} onSeek={seek} />
      </div>
    </div>
  );
}

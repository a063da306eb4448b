import { useEffect, useRef } from 'react';
import { formatTimestamp } from '../../lib/format';
import { useLive } from '../../stores/live-store';

/**
 * Finals are announced to screen readers (a polite live region holding only settled text); partials are shown
 * but hidden from the live region, or every recognised syllable would be read out.
 */
export function Captions() {
  const finals = useLive((s) => s.finals);
  const partials = useLive((s) => s.partials);
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  // Keep the newest line in view unless the reader scrolled up to read back.
  useEffect(() => {
    const element = box.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [finals, partials]);
  const pending = Object.values(partials);
  return (
    <div
      ref={box}
      className="captions"
      data-testid="captions"
      onScroll={(event) => {
        const element = event.currentTarget;
        pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
      }}
    >
      <div aria-live="polite" aria-relevant="additions" aria-label="Captions">
        {finals.map((caption) => (
          <p key={caption.id} className="caption caption-final">
            <span className="timestamp">{formatTimestamp(caption.utterance.start)}</span>
            {caption.utterance.text}
          </p>
        ))}
      </div>
      <div aria-hidden="true">
        {pending.map((caption) => (
          <p key={caption.id} className="caption caption-partial">
            <span className="timestamp">{formatTimestamp(caption.utterance.start)}</span>
            {caption.utterance.text}
          </p>
        ))}
      </div>
    </div>
  );
}

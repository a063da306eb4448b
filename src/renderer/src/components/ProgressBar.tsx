import { formatPercent } from '../lib/format';

/** A labelled bar; `value` null shows an indeterminate bar (queued, or size unknown). */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  const fraction = value === null ? null : Math.min(1, Math.max(0, value));
  return (
    <div
      className={`progress${fraction === null ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      aria-valuetext={fraction === null ? 'waiting' : formatPercent(fraction)}
    >
      <div
        className="progress-fill"
        style={fraction === null ? undefined : { width: `${fraction * 100}%` }}
      />
    </div>
  );
}

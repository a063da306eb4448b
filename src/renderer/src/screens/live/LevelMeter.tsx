import { meterFraction } from '../../lib/format';
import { useLive } from '../../stores/live-store';

export function LevelMeter() {
  const { rms, peak } = useLive((s) => s.level);
  const level = meterFraction(rms);
  const hold = meterFraction(peak);
  return (
    <div
      className="meter"
      role="meter"
      aria-label="Input level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(level * 100)}
    >
      <div className="meter-fill" style={{ transform: `scaleX(${level})` }} />
      {hold > 0 && <div className="meter-peak" style={{ left: `${hold * 100}%` }} />}
    </div>
  );
}

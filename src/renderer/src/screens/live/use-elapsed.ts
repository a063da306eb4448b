import { useEffect, useState } from 'react';
import { useLive } from '../../stores/live-store';

/** Seconds since recording began, ticking locally between the core's own counts (which win when they arrive). */
export function useElapsed(): number {
  const reported = useLive((s) => s.elapsedS);
  const base = useLive((s) => s.clockBase);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (base === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [base]);
  return base === null ? reported : reported + Math.max(0, now - base) / 1000;
}

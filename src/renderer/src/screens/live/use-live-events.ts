import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../bridge-context';
import { jobKeys } from '../../queries/jobs';
import { useLive } from '../../stores/live-store';

/** Feeds `live:*` events into the live store for the app's lifetime, so leaving the Live screen loses nothing. */
export function useLiveEvents(): void {
  const bridge = useBridge();
  const client = useQueryClient();
  useEffect(() => {
    const { onCaption, onLevel, onState } = useLive.getState();
    const offs = [
      bridge.on('live:caption', onCaption),
      bridge.on('live:level', onLevel),
      bridge.on('live:state', (event) => {
        onState(event);
        // The finished session is a job now: the Jobs screen must show it without waiting for a refetch.
        if (event.state === 'ended') void client.invalidateQueries({ queryKey: jobKeys.all });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge, client]);
}

import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstallProgress, ModelInfo } from '../../../shared/ipc/contract';
import { useBridge } from '../bridge-context';

export const modelsKey = ['models'] as const;

export function useModels() {
  const bridge = useBridge();
  const client = useQueryClient();
  useEffect(
    () => bridge.on('models:changed', () => void client.invalidateQueries({ queryKey: modelsKey })),
    [bridge, client],
  );
  return useQuery<ModelInfo[]>({ queryKey: modelsKey, queryFn: () => bridge.models.list() });
}

/** The latest progress of each install, from `models:progress` events (seeded by the list's `progress`). */
export function useInstallProgress(): Record<string, InstallProgress> {
  const bridge = useBridge();
  const [progress, setProgress] = useState<Record<string, InstallProgress>>({});
  useEffect(
    () =>
      bridge.on('models:progress', (event) => setProgress((current) => ({ ...current, [event.id]: event }))),
    [bridge],
  );
  return progress;
}

function useModelAction(action: (id: string) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => client.invalidateQueries({ queryKey: modelsKey }),
  });
}

export function useInstallModel() {
  const bridge = useBridge();
  return useModelAction((id) => bridge.models.install(id));
}

export function useCancelInstall() {
  const bridge = useBridge();
  return useModelAction((id) => bridge.models.cancel(id));
}

export function useRemoveModel() {
  const bridge = useBridge();
  return useModelAction((id) => bridge.models.remove(id));
}

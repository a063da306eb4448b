import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, LlmTestInput, SettingsPatch } from '../../../shared/ipc/contract';
import { useBridge } from '../bridge-context';

export const settingsKey = ['settings'] as const;

export function useSettings() {
  const bridge = useBridge();
  return useQuery<AppSettings>({ queryKey: settingsKey, queryFn: () => bridge.settings.get() });
}

export function useUpdateSettings() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => bridge.settings.update(patch),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}

export function useRegenerateKey() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge.settings.regenerateKey(),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}

/** Tries a language-model endpoint (the form's draft over the saved one); nothing is cached or saved. */
export function useTestLlm() {
  const bridge = useBridge();
  return useMutation({ mutationFn: (input: LlmTestInput) => bridge.settings.testLlm(input) });
}

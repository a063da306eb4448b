import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../bridge-context';
import { errorInfo, errorMessage } from '../../lib/errors';
import { buildTranscriptionOptions, MetadataSyntaxError } from '../../lib/transcription-request';
import { jobKeys } from '../../queries/jobs';
import { useAnnouncer } from '../../stores/announcer-store';
import { useNewJob } from '../../stores/new-job-store';

/**
 * Uploads each waiting file (once: the audio URL is kept) and queues a job for it. Files go one at a time so each
 * gets the full bandwidth and its bar moves. A 400 stops the run: the options are the same for every file, so the
 * others would fail the same way, and the API's sentences are shown next to the fields instead.
 */
export function useSubmitTranscriptions() {
  const bridge = useBridge();
  const client = useQueryClient();
  const announce = useAnnouncer((s) => s.announce);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const store = useNewJob.getState();
    let options: Record<string, unknown>;
    try {
      options = buildTranscriptionOptions(store.form);
    } catch (error) {
      if (!(error instanceof MetadataSyntaxError)) throw error;
      store.setValidationErrors([
        `Field "custom_metadata" ${error.message.replace(/^Custom metadata /, '')}`,
      ]);
      return;
    }
    const waiting = store.files.filter((entry) => entry.phase !== 'created');
    if (!waiting.length) return;
    store.setValidationErrors([]);
    setBusy(true);
    let queued = 0;
    try {
      for (const entry of waiting) {
        const { updateFile } = useNewJob.getState();
        let audioUrl = entry.audioUrl;
        try {
          if (!audioUrl) {
            updateFile(entry.key, { phase: 'uploading', uploaded: 0, error: null });
            const uploaded = await bridge.files.upload(entry.file, {
              onProgress: (p) => updateFile(entry.key, { uploaded: p.fraction }),
            });
            audioUrl = uploaded.audioUrl;
            updateFile(entry.key, { phase: 'uploaded', uploaded: 1, audioUrl });
          }
          updateFile(entry.key, { phase: 'creating' });
          const created = await bridge.jobs.create({ ...options, audio_url: audioUrl });
          updateFile(entry.key, { phase: 'created', jobId: created.id });
          queued += 1;
        } catch (error) {
          const info = errorInfo(error);
          if (info.status === 400 && info.validationErrors?.length) {
            updateFile(entry.key, { phase: audioUrl ? 'uploaded' : 'ready' });
            useNewJob.getState().setValidationErrors(info.validationErrors);
            announce('Some options are not valid; see the messages next to them.', 'error');
            return;
          }
          updateFile(entry.key, { phase: 'error', error: errorMessage(error) });
        }
      }
    } finally {
      setBusy(false);
      if (queued) {
        announce(queued === 1 ? 'One transcription queued' : `${queued} transcriptions queued`);
        void client.invalidateQueries({ queryKey: jobKeys.all });
      }
    }
  };

  return { submit, busy };
}

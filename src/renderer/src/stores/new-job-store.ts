import { create } from 'zustand';
import { DEFAULT_FORM, type TranscriptionForm } from '../lib/transcription-request';

export type FilePhase = 'ready' | 'uploading' | 'uploaded' | 'creating' | 'created' | 'error';

export interface PendingFile {
  key: string;
  file: File;
  phase: FilePhase;
  /** 0..1 of the upload. */
  uploaded: number;
  /** Kept once uploaded, so a resubmission after a validation error does not upload again. */
  audioUrl: string | null;
  jobId: string | null;
  error: string | null;
}

interface NewJobStore {
  form: TranscriptionForm;
  /** Whether the form was seeded from the saved preferences (done once per app start). */
  seeded: boolean;
  files: PendingFile[];
  /** The API's validation sentences from the last submission. */
  validationErrors: string[];
  setForm(patch: Partial<TranscriptionForm>): void;
  seed(patch: Partial<TranscriptionForm>): void;
  resetForm(): void;
  addFiles(files: readonly File[]): void;
  removeFile(key: string): void;
  updateFile(key: string, patch: Partial<PendingFile>): void;
  clearFinished(): void;
  setValidationErrors(errors: string[]): void;
}

let nextKey = 1;

export const useNewJob = create<NewJobStore>()((set, get) => ({
  form: DEFAULT_FORM,
  seeded: false,
  files: [],
  validationErrors: [],
  setForm: (patch) => set({ form: { ...get().form, ...patch } }),
  seed: (patch) => {
    if (!get().seeded) set({ form: { ...get().form, ...patch }, seeded: true });
  },
  resetForm: () => set({ form: DEFAULT_FORM, validationErrors: [] }),
  addFiles: (files) =>
    set({
      files: [
        ...get().files,
        ...files.map((file) => ({
          key: `f${nextKey++}`,
          file,
          phase: 'ready' as const,
          uploaded: 0,
          audioUrl: null,
          jobId: null,
          error: null,
        })),
      ],
    }),
  removeFile: (key) => set({ files: get().files.filter((entry) => entry.key !== key) }),
  updateFile: (key, patch) =>
    set({ files: get().files.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)) }),
  clearFinished: () => set({ files: get().files.filter((entry) => entry.phase !== 'created') }),
  setValidationErrors: (validationErrors) => set({ validationErrors }),
}));

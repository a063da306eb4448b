import type { FileStore } from '../jobs/file-store';
import type { JobLibrary } from '../jobs/job-library';
import type { PreRecordedService } from '../jobs/pre-recorded/service';
import type { LiveService } from '../live/service';
import type { KeyRing } from './auth';

/** What the routes need from the core: services, the key ring and limits. */
export interface ApiContext {
  publicUrl: string;
  keys: KeyRing;
  files: FileStore;
  library: JobLibrary;
  preRecorded: PreRecordedService;
  live: LiveService;
  limits: {
    maxUploadBytes: number;
    maxDownloadBytes: number;
    downloadTimeoutMs: number;
    maxAudioDurationS: number;
  };
}

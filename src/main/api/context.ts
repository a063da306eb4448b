import type { FileStore } from '../jobs/file-store';
import type { JobLibrary } from '../jobs/job-library';
import type { PreRecordedService } from '../jobs/pre-recorded/service';
import type { LiveService } from '../live/service';
import type { KeyRing } from './auth';
import type { AppServices } from '../ipc/app-services';

/** What the routes need from the core: services, the key ring and limits. */
export interface ApiContext {
  publicUrl: string;
  keys: KeyRing;
  files: FileStore;
  library: JobLibrary;
  preRecorded: PreRecordedService;
  live: LiveService;
  /** The bridge contract's services behind the `/app` routes. */
  app: AppServices;
  /** The built renderer served at `/`, or null for none. */
  uiDir: string | null;
  limits: {
    maxUploadBytes: number;
    maxDownloadBytes: number;
    downloadTimeoutMs: number;
    maxAudioDurationS: number;
  };
}

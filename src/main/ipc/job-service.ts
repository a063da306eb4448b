import { BridgeError } from '../../shared/ipc/errors';
import type {
  ApiJob,
  CreatedJob,
  ExportedFile,
  ExportFormat,
  JobDetail,
  JobListQuery,
  JobPage,
  PreRecordedRequestBody,
} from '../../shared/ipc/jobs';
import { exportFormatSchema, jobIdSchema, parseJobListQuery } from '../../shared/ipc/schemas';
import { parsePreRecordedRequest } from '../../shared/schemas/pre-recorded';
import { serializeJob } from '../api/job-envelope';
import type { JobLibrary } from '../jobs/job-library';
import type { JobQueries } from '../jobs/job-queries';
import type { PreRecordedService } from '../jobs/pre-recorded/service';
import type { JobRecord } from '../jobs/types';
import type { AudioLinks } from './audio-links';
import { badInput } from './errors';
import { exportJob } from './export';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` or an ISO date-time → canonical UTC text; a bare `to` date includes that whole day. */
function instant(value: string | undefined, bound: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    return new Date(bound === 'to' ? start + DAY_MS : start).toISOString();
  }
  return new Date(/(Z|[+-]\d\d:\d\d)$/i.test(value) ? value : `${value}Z`).toISOString();
}

/** The Jobs, New transcription and Job detail screens' calls, for one owner (the key's jobs). */
export class JobService {
  constructor(
    private readonly deps: {
      library: JobLibrary;
      queries: JobQueries;
      preRecorded: PreRecordedService;
      links: AudioLinks;
    },
  ) {}

  list(owner: string, query: JobListQuery | undefined): JobPage {
    const parsed = parseJobListQuery(query);
    if (!parsed.ok) throw badInput(parsed.errors);
    const q = parsed.value;
    const rows = this.deps.queries.summaries({
      owner,
      kind: q.kind,
      status: q.status,
      from: instant(q.from, 'from'),
      to: instant(q.to, 'to'),
      text: q.text || undefined,
      offset: q.offset,
      limit: q.limit,
    });
    return {
      items: rows.slice(0, q.limit),
      offset: q.offset,
      limit: q.limit,
      hasMore: rows.length > q.limit,
    };
  }

  private load(owner: string, id: unknown): JobRecord {
    const checked = jobIdSchema.safeParse(id);
    if (!checked.success) throw badInput(['Field "id" must be a job id']);
    const job = this.deps.library.get(checked.data);
    if (!job) throw new BridgeError({ status: 404, message: `Job ${checked.data} not found` });
    if (job.owner !== owner)
      throw new BridgeError({ status: 401, message: 'You have no permission to access the job' });
    return job;
  }

  private apiJob(job: JobRecord): ApiJob {
    return JSON.parse(serializeJob(job, this.deps.library.fileOf(job))) as ApiJob;
  }

  get(owner: string, id: string): JobDetail {
    const job = this.load(owner, id);
    return {
      job: this.apiJob(job),
      progress: job.progress,
      audioUrl: this.deps.library.fileOf(job) ? this.deps.links.url(job.id) : null,
    };
  }

  create(owner: string, body: PreRecordedRequestBody): CreatedJob {
    const parsed = parsePreRecordedRequest(body);
    if (!parsed.ok) throw badInput(parsed.errors);
    return { id: this.deps.preRecorded.create(owner, parsed.value).id };
  }

  delete(owner: string, id: string): void {
    this.deps.library.delete(this.load(owner, id));
  }

  export(owner: string, id: string, format: ExportFormat): ExportedFile {
    const checked = exportFormatSchema.safeParse(format);
    if (!checked.success) throw badInput([`Field "format" must be one of: txt, srt, vtt, json`]);
    return exportJob(this.apiJob(this.load(owner, id)), checked.data);
  }

  /** The audio file of a job, for the signed `/app/audio/:id` link (no owner: the signature is the credential). */
  audioFile(id: string): { path: string; filename: string; kind: JobRecord['kind'] } | null {
    const job = this.deps.library.get(id);
    const file = job && this.deps.library.fileOf(job);
    if (!job || !file) return null;
    return { path: this.deps.library.filePath(file), filename: file.filename ?? file.id, kind: job.kind };
  }
}

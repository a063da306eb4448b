import type { Bridge } from '../../../shared/ipc/contract';
import { BridgeError } from '../../../shared/ipc/errors';
import type { UploadedFile } from '../../../shared/ipc/files';
import type { CreatedJob, ExportFormat, JobDetail, JobListQuery, JobPage } from '../../../shared/ipc/jobs';
import type { LiveDevices, LiveStarted } from '../../../shared/ipc/live';
import type { ModelInfo } from '../../../shared/ipc/models';
import type { AppSettings, LlmTestResult } from '../../../shared/ipc/settings';
import { storeApiKey } from './api-key';
import { BROWSER_PREFIX, BrowserLive } from './browser-live';
import { EventHub } from './event-hub';
import { HttpClient } from './http-client';
import { ServerEvents } from './server-events';

interface UploadBody {
  audio_url: string;
  audio_metadata: {
    id: string;
    filename: string;
    extension: string | null;
    size: number;
    audio_duration: number | null;
    number_of_channels: number | null;
  };
}

export interface HttpBridgeOptions {
  /** The server's origin; '' means the page's own origin (the UI served by the server). */
  baseUrl?: string;
  apiKey: string;
}

function listParams(query: JobListQuery = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(name, String(v)));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `attachment; filename="a.srt"; filename*=UTF-8''a.srt` → `a.srt`. */
function filenameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

const id = (value: string): string => encodeURIComponent(value);

/**
 * The contract over HTTP: /v2 for what the public API covers (create, delete, upload, live sessions from the
 * microphone), /app for the rest (summaries and search, details with progress, export, settings, models, native
 * capture) and the /app/events WebSocket for events.
 */
export function createHttpBridge(options: HttpBridgeOptions): Bridge {
  let apiKey = options.apiKey;
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const http = new HttpClient(baseUrl, () => apiKey);
  let events: ServerEvents | null = null;
  const hub = new EventHub(() => events?.open());
  events = new ServerEvents(
    baseUrl,
    () => apiKey,
    (m) => hub.emit(m.event, m.payload),
  );
  const browserLive = new BrowserLive(async () => http, hub);

  const keyChanged = (settings: AppSettings): AppSettings => {
    if (settings.apiKey !== apiKey) {
      apiKey = settings.apiKey;
      storeApiKey(apiKey);
      events?.reconnect();
    }
    return settings;
  };

  return {
    runtime: 'browser',
    jobs: {
      list: (query) => http.json<JobPage>('GET', `/app/jobs${listParams(query)}`),
      get: (jobId) => http.json<JobDetail>('GET', `/app/jobs/${id(jobId)}`),
      create: async (body) => {
        const created = await http.json<{ id: string }>('POST', '/v2/pre-recorded', body);
        return { id: created.id } satisfies CreatedJob;
      },
      // The deprecated /v2/transcription covers both kinds of job.
      delete: (jobId) => http.empty('DELETE', `/v2/transcription/${id(jobId)}`),
      export: async (jobId, format: ExportFormat) => {
        const response = await http.request('GET', `/app/jobs/${id(jobId)}/export?format=${format}`);
        return {
          filename: filenameOf(response.headers.get('content-disposition'), `transcript.${format}`),
          mimeType: response.headers.get('content-type') ?? 'text/plain',
          content: await response.text(),
        };
      },
    },
    files: {
      upload: async (source, uploadOptions) => {
        if (!(source instanceof File)) {
          throw new BridgeError({
            status: 400,
            message: 'Only the desktop app can upload a file by its path',
          });
        }
        const body = await http.upload<UploadBody>('/v2/upload', 'audio', source, uploadOptions);
        const meta = body.audio_metadata;
        return {
          id: meta.id,
          audioUrl: body.audio_url,
          filename: meta.filename,
          extension: meta.extension,
          size: meta.size,
          durationS: meta.audio_duration,
          channels: meta.number_of_channels,
        } satisfies UploadedFile;
      },
    },
    live: {
      devices: async () => {
        const browser = await browserLive.devices().catch(() => []);
        let native: LiveDevices = { devices: [], nativeCapture: { available: false, reason: null } };
        try {
          native = await http.json<LiveDevices>('GET', '/app/live/devices');
        } catch (error) {
          native.nativeCapture.reason = (error as Error).message;
        }
        return { devices: [...browser, ...native.devices], nativeCapture: native.nativeCapture };
      },
      start: (input) =>
        input.deviceId.startsWith(BROWSER_PREFIX)
          ? browserLive.start(input.deviceId, input.params)
          : http.json<LiveStarted>('POST', '/app/live/sessions', input),
      stop: async (sessionId) => {
        try {
          await browserLive.stop(sessionId);
        } catch (error) {
          if (!(error instanceof BridgeError) || error.status !== 404) throw error;
          await http.empty('POST', `/app/live/sessions/${id(sessionId)}/stop`);
        }
      },
    },
    settings: {
      get: () => http.json<AppSettings>('GET', '/app/settings'),
      update: (patch) => http.json<AppSettings>('PATCH', '/app/settings', patch),
      regenerateKey: async () =>
        keyChanged(await http.json<AppSettings>('POST', '/app/settings/regenerate-key')),
      testLlm: (input = {}) => http.json<LlmTestResult>('POST', '/app/settings/llm/test', input),
    },
    models: {
      list: () => http.json<ModelInfo[]>('GET', '/app/models'),
      install: (modelId) => http.empty('POST', `/app/models/${id(modelId)}/install`),
      cancel: (modelId) => http.empty('POST', `/app/models/${id(modelId)}/cancel`),
      remove: (modelId) => http.empty('DELETE', `/app/models/${id(modelId)}`),
    },
    on: (event, listener) => hub.on(event, listener),
  };
}

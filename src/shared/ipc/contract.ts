// The one description of what the renderer can ask of the core and what the core tells it. Two implementations
// satisfy `Bridge`: the Electron preload (`window.bridge`, over IPC to src/main/ipc) and the HTTP bridge
// (src/renderer/src/bridge/http-bridge.ts, over /v2, /app and WebSockets) used when the UI runs in a browser.
// This file and the ones it imports are types and constants only (no zod): the sandboxed preload bundles them.

import type { BridgeErrorInfo, IpcResult } from './errors';
import type { UploadedFile, UploadOptions, UploadSource } from './files';
import type {
  CreatedJob,
  ExportedFile,
  ExportFormat,
  JobDetail,
  JobListQuery,
  JobPage,
  PreRecordedRequestBody,
} from './jobs';
import type {
  LiveCaptionEvent,
  LiveDevices,
  LiveLevelEvent,
  LiveStarted,
  LiveStartInput,
  LiveStateEvent,
} from './live';
import type { InstallProgress, ModelInfo } from './models';
import type { AppSettings, LlmTestInput, LlmTestResult, SettingsPatch } from './settings';

export type * from './errors';
export type * from './files';
export type * from './jobs';
export type * from './live';
export type * from './models';
export type * from './settings';
export { BridgeError } from './errors';

/** Events the core pushes to the renderer. */
export interface BridgeEvents {
  'models:progress': InstallProgress;
  /** The installed set changed (an install finished, a model was removed): refetch `models.list`. */
  'models:changed': Record<string, never>;
  'live:caption': LiveCaptionEvent;
  'live:level': LiveLevelEvent;
  'live:state': LiveStateEvent;
}
export type BridgeEventName = keyof BridgeEvents;

/**
 * Every call fails with a `BridgeError` (`status`, `message`, `validationErrors`, `code`). Jobs have no change
 * events: poll `jobs.list`/`jobs.get` while a job is queued or processing (react-query `refetchInterval`).
 */
export interface Bridge {
  readonly runtime: 'electron' | 'browser';

  jobs: {
    list(query?: JobListQuery): Promise<JobPage>;
    get(id: string): Promise<JobDetail>;
    /** 400 with `validationErrors` for invalid options; 404 for an unknown upload; 422 for a missing model. */
    create(body: PreRecordedRequestBody): Promise<CreatedJob>;
    /** 403 while the job is queued or processing. */
    delete(id: string): Promise<void>;
    export(id: string, format: ExportFormat): Promise<ExportedFile>;
  };

  files: {
    /** 413 over the size or duration limit, 422 when the file is not decodable audio. */
    upload(source: UploadSource, options?: UploadOptions): Promise<UploadedFile>;
  };

  live: {
    devices(): Promise<LiveDevices>;
    /** Resolves once capture has started; captions, levels and states follow as `live:*` events. */
    start(input: LiveStartInput): Promise<LiveStarted>;
    /** Resolves when the session has ended and its job is stored (state `ended`). */
    stop(sessionId: string): Promise<void>;
  };

  settings: {
    get(): Promise<AppSettings>;
    /** 400 with `validationErrors`; 409 `setting_read_only` for a field this process cannot change. */
    update(patch: SettingsPatch): Promise<AppSettings>;
    /** A new API key; the old one stops working at once (409 `key_not_managed` for a configured key). */
    regenerateKey(): Promise<AppSettings>;
    /**
     * Tries a language-model endpoint: lists its models and asks for a one-token completion. Fields left out come
     * from the current endpoint. A failing endpoint is a result (`ok: false`); 400 only for invalid input.
     */
    testLlm(input?: LlmTestInput): Promise<LlmTestResult>;
  };

  models: {
    list(): Promise<ModelInfo[]>;
    /** Resolves when the download has started; follow `models:progress` until phase `done` or `error`. */
    install(id: string): Promise<void>;
    cancel(id: string): Promise<void>;
    remove(id: string): Promise<void>;
  };

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends BridgeEventName>(event: K, listener: (payload: BridgeEvents[K]) => void): () => void;
}

/**
 * The IPC channels (`domain:verb`) behind the preload's `Bridge`: arguments and result of each. Uploads go by path
 * (the preload resolves a dropped `File` with `webUtils.getPathForFile`).
 */
export interface IpcCalls {
  'jobs:list': { args: [query: JobListQuery]; result: JobPage };
  'jobs:get': { args: [id: string]; result: JobDetail };
  'jobs:create': { args: [body: PreRecordedRequestBody]; result: CreatedJob };
  'jobs:delete': { args: [id: string]; result: void };
  'jobs:export': { args: [id: string, format: ExportFormat]; result: ExportedFile };
  'files:upload-path': { args: [path: string]; result: UploadedFile };
  'live:devices': { args: []; result: LiveDevices };
  'live:start': { args: [input: LiveStartInput]; result: LiveStarted };
  'live:stop': { args: [sessionId: string]; result: void };
  'settings:get': { args: []; result: AppSettings };
  'settings:update': { args: [patch: SettingsPatch]; result: AppSettings };
  'settings:regenerate-key': { args: []; result: AppSettings };
  'settings:test-llm': { args: [input: LlmTestInput]; result: LlmTestResult };
  'models:list': { args: []; result: ModelInfo[] };
  'models:install': { args: [id: string]; result: void };
  'models:cancel': { args: [id: string]; result: void };
  'models:remove': { args: [id: string]; result: void };
}
export type IpcChannel = keyof IpcCalls;

export const IPC_CHANNELS = [
  'jobs:list',
  'jobs:get',
  'jobs:create',
  'jobs:delete',
  'jobs:export',
  'files:upload-path',
  'live:devices',
  'live:start',
  'live:stop',
  'settings:get',
  'settings:update',
  'settings:regenerate-key',
  'settings:test-llm',
  'models:list',
  'models:install',
  'models:cancel',
  'models:remove',
] as const satisfies readonly IpcChannel[];

/** The single channel main pushes every event on: `{ event, payload }`. */
export const IPC_EVENT_CHANNEL = 'bridge:event';
export interface IpcEventMessage<K extends BridgeEventName = BridgeEventName> {
  event: K;
  payload: BridgeEvents[K];
}

/** Main-side implementation of every channel: plain async functions (no Electron), unit-tested under Node. */
export type IpcHandlers = {
  [K in IpcChannel]: (...args: IpcCalls[K]['args']) => Promise<IpcCalls[K]['result']>;
};

/**
 * What the sandboxed preload exposes as `window.bridgeIpc`. It returns results instead of throwing because
 * contextBridge copies thrown errors without their properties (status, validationErrors); the renderer's
 * `createIpcBridge` (src/renderer/src/bridge/ipc-bridge.ts) turns it into a `Bridge` that throws `BridgeError`.
 */
export interface IpcTransport {
  invoke<K extends IpcChannel>(
    channel: K,
    ...args: IpcCalls[K]['args']
  ): Promise<IpcResult<IpcCalls[K]['result']>>;
  /** Every event main pushes; returns the unsubscribe function. */
  onEvent(listener: (message: IpcEventMessage) => void): () => void;
  /** The path of a dropped or picked file (`webUtils.getPathForFile`); '' for a File made in script. */
  pathForFile(file: File): string;
  readonly platform: string;
}

export type { BridgeErrorInfo, IpcResult };

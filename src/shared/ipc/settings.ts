/** Defaults the New transcription and Live screens start from; stored by the core, so every client shares them. */
export interface Preferences {
  /** API model name, e.g. `solaria-1`. */
  defaultModel: string;
  /** ISO 639-1 code, or null to let the model decide. */
  defaultLanguage: string | null;
  defaultSubtitles: boolean;
  defaultDiarization: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  defaultModel: 'solaria-1',
  defaultLanguage: null,
  defaultSubtitles: false,
  defaultDiarization: false,
};

export interface AppSettings {
  /** Where other local apps reach the API, e.g. `http://127.0.0.1:8080`. */
  apiUrl: string;
  /** The key to send in `x-gladia-key`. */
  apiKey: string;
  /** `generated`: created and kept by the app (can be regenerated); `configured`: from `--api-key`/`API_KEYS`. */
  keySource: 'generated' | 'configured';
  host: string;
  /** Configured port; 0 means a free port is picked at each start. */
  port: number;
  dataDir: string;
  modelsDir: string;
  /** Which of port / dataDir / modelsDir this process may change (the desktop app can; a headless server cannot). */
  editable: { port: boolean; dataDir: boolean; modelsDir: boolean };
  /** A saved change (port, folders) takes effect at the next start. */
  restartRequired: boolean;
  preferences: Preferences;
  /** The language model the translation, prompt, structured-data and abstractive-summary add-ons use. */
  llm: LlmSettings;
  runtime: { kind: 'desktop' | 'server'; version: string };
}

/**
 * Where the language-model endpoint comes from: the server's flags (`--llm-url`, `LLM_URL`; they win and make it
 * read-only here), the app's saved settings, or nowhere (the add-ons that need one then fail with a hint).
 */
export type LlmSource = 'flags' | 'settings' | 'none';

export interface LlmSettings {
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:11434/v1`; null when none is set. */
  url: string | null;
  /** null: the first model the endpoint lists. */
  model: string | null;
  /** Whether a key is stored; the key itself never leaves the core. */
  apiKeySet: boolean;
  /** Seconds one request may take. */
  timeoutS: number;
  /** The model's context in characters; longer transcripts are processed in chunks. */
  contextChars: number;
  source: LlmSource;
}

/** A change to the saved endpoint; `null` for a field clears it (`apiKey` left out keeps the stored key). */
export interface LlmPatch {
  url?: string;
  model?: string | null;
  apiKey?: string | null;
  timeoutS?: number;
  contextChars?: number;
}

/**
 * What `settings.testLlm` tries: fields left out come from the current endpoint. The stored key is only sent to
 * the URL it was saved for.
 */
export interface LlmTestInput {
  url?: string;
  model?: string | null;
  apiKey?: string | null;
}

export interface LlmTestResult {
  /** The endpoint answered a one-token chat completion. */
  ok: boolean;
  /** What `GET /models` listed (empty when the endpoint does not list its models). */
  models: string[];
  /** The model the completion was asked of. */
  model: string | null;
  /** Why it failed, in words for the user. */
  error: string | null;
  /** How long the test took (ms). */
  elapsedMs: number;
}

export interface SettingsPatch {
  port?: number;
  dataDir?: string;
  modelsDir?: string;
  preferences?: Partial<Preferences>;
  /** null removes the saved endpoint. 409 `setting_read_only` when the server's flags set it. */
  llm?: LlmPatch | null;
}

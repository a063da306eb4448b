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
  runtime: { kind: 'desktop' | 'server'; version: string };
}

export interface SettingsPatch {
  port?: number;
  dataDir?: string;
  modelsDir?: string;
  preferences?: Partial<Preferences>;
}

import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { z } from 'zod';

// Every setting has a flag and an environment variable; the flag wins. Parsed once into a frozen object that is
// passed down explicitly (no module reads process.env itself).
const schema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  dataDir: z.string().min(1).default('.data'),
  modelsDir: z.string().min(1).default('models'),
  modelsMirror: z.string().min(1).optional(),
  apiKeys: z.array(z.string().min(8, 'API keys must be at least 8 characters')).default([]),
  publicUrl: z.string().url().optional(),
  maxUploadMb: z.coerce.number().positive().default(1000),
  maxDownloadMb: z.coerce.number().positive().default(1000),
  downloadTimeoutS: z.coerce.number().positive().default(300),
  maxAudioDurationS: z.coerce
    .number()
    .positive()
    .default(135 * 60),
  workers: z.coerce.number().int().min(1).max(64).optional(),
  concurrentJobs: z.coerce.number().int().min(1).max(16).default(2),
  callbackRetries: z.coerce.number().int().min(0).max(20).default(5),
  shutdownGraceS: z.coerce.number().min(0).default(20),
  maxLiveSessions: z.coerce.number().int().min(1).max(256).default(16),
  liveIdleTimeoutS: z.coerce.number().positive().default(30),
  llmUrl: z.url({ protocol: /^https?$/ }).optional(),
  llmModel: z.string().min(1).optional(),
  llmApiKey: z.string().min(1).optional(),
  llmTimeoutS: z.coerce.number().positive().default(120),
  llmRetries: z.coerce.number().int().min(0).max(10).default(2),
  llmContextChars: z.coerce.number().int().min(1000).default(8000),
});

export type Config = Readonly<z.output<typeof schema>> & { readonly publicUrl: string };

interface Option {
  flag: string;
  env: string;
  key: keyof z.input<typeof schema>;
  help: string;
  multiple?: boolean;
}

export const OPTIONS: Option[] = [
  { flag: 'host', env: 'HOST', key: 'host', help: 'interface to bind (default 127.0.0.1)' },
  { flag: 'port', env: 'PORT', key: 'port', help: 'port (default 8080, 0 picks a free one)' },
  { flag: 'data-dir', env: 'DATA_DIR', key: 'dataDir', help: 'database and audio files (default ./.data)' },
  { flag: 'models-dir', env: 'MODELS_DIR', key: 'modelsDir', help: 'installed models (default ./models)' },
  {
    flag: 'models-mirror',
    env: 'MODELS_MIRROR',
    key: 'modelsMirror',
    help: 'where `models pull` gets models instead of the official URLs: a folder or a base URL',
  },
  {
    flag: 'api-key',
    env: 'API_KEYS',
    key: 'apiKeys',
    help: 'accepted API key, repeatable (env: comma-separated); generated once when none',
    multiple: true,
  },
  {
    flag: 'public-url',
    env: 'PUBLIC_URL',
    key: 'publicUrl',
    help: 'origin used in every URL the server emits',
  },
  {
    flag: 'max-upload-mb',
    env: 'MAX_UPLOAD_MB',
    key: 'maxUploadMb',
    help: 'upload size limit (default 1000)',
  },
  { flag: 'max-download-mb', env: 'MAX_DOWNLOAD_MB', key: 'maxDownloadMb', help: 'audio_url size limit' },
  {
    flag: 'download-timeout',
    env: 'DOWNLOAD_TIMEOUT_S',
    key: 'downloadTimeoutS',
    help: 'audio_url time limit (s)',
  },
  {
    flag: 'max-audio-duration',
    env: 'MAX_AUDIO_DURATION_S',
    key: 'maxAudioDurationS',
    help: 'longest audio accepted (s, default 8100)',
  },
  { flag: 'workers', env: 'WORKERS', key: 'workers', help: 'engine worker threads (default: CPU cores)' },
  { flag: 'concurrent-jobs', env: 'CONCURRENT_JOBS', key: 'concurrentJobs', help: 'jobs processed at once' },
  {
    flag: 'callback-retries',
    env: 'CALLBACK_RETRIES',
    key: 'callbackRetries',
    help: 'callback attempts after the first',
  },
  {
    flag: 'shutdown-grace',
    env: 'SHUTDOWN_GRACE_S',
    key: 'shutdownGraceS',
    help: 'seconds running jobs get on SIGTERM',
  },
  {
    flag: 'max-live-sessions',
    env: 'MAX_LIVE_SESSIONS',
    key: 'maxLiveSessions',
    help: 'concurrent live sessions before 429 (default 16)',
  },
  {
    flag: 'live-idle-timeout',
    env: 'LIVE_IDLE_TIMEOUT_S',
    key: 'liveIdleTimeoutS',
    help: 'seconds a live session may go without audio (default 30)',
  },
  {
    flag: 'llm-url',
    env: 'LLM_URL',
    key: 'llmUrl',
    help: 'OpenAI-compatible API base URL for the LLM add-ons (e.g. Ollama: http://127.0.0.1:11434/v1)',
  },
  {
    flag: 'llm-model',
    env: 'LLM_MODEL',
    key: 'llmModel',
    help: 'model name (default: the first one listed)',
  },
  {
    flag: 'llm-api-key',
    env: 'LLM_API_KEY',
    key: 'llmApiKey',
    help: 'bearer key, if the endpoint needs one',
  },
  {
    flag: 'llm-timeout',
    env: 'LLM_TIMEOUT_S',
    key: 'llmTimeoutS',
    help: 'seconds per LLM request (default 120)',
  },
  { flag: 'llm-retries', env: 'LLM_RETRIES', key: 'llmRetries', help: 'retries on 429/5xx (default 2)' },
  {
    flag: 'llm-context-chars',
    env: 'LLM_CONTEXT_CHARS',
    key: 'llmContextChars',
    help: 'model context in characters; longer transcripts go in chunks (default 8000)',
  },
];

export class ConfigError extends Error {}

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): { config: Config; rest: string[] } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: Object.fromEntries(
      OPTIONS.map((o) => [o.flag, { type: 'string' as const, multiple: o.multiple ?? false }]),
    ),
  });
  const raw: Record<string, unknown> = {};
  for (const option of OPTIONS) {
    const fromFlag = values[option.flag];
    const fromEnv = env[option.env];
    if (fromFlag !== undefined) raw[option.key] = fromFlag;
    else if (fromEnv !== undefined && fromEnv !== '')
      raw[option.key] = option.multiple ? fromEnv.split(',').map((s) => s.trim()) : fromEnv;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const option = OPTIONS.find((o) => o.key === i.path[0]);
      return `--${option?.flag ?? String(i.path[0])}: ${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const value = parsed.data;
  const config = {
    ...value,
    dataDir: resolve(value.dataDir),
    modelsDir: resolve(value.modelsDir),
    // Filled in once the port is known (port 0 picks a free one).
    publicUrl: value.publicUrl?.replace(/\/+$/, '') ?? '',
  };
  return { config: Object.freeze(config), rest: positionals };
}

export function usage(): string {
  const lines = OPTIONS.map((o) => `  --${o.flag.padEnd(22)} ${o.help} [${o.env}]`);
  return [
    'Usage: cli <command> [options]',
    '',
    'Commands:',
    '  serve                    start the /v2 HTTP server',
    '  transcribe FILE          transcribe one file and print the transcript',
    '  models list              list the model catalog and what is installed',
    '  models pull ID           download, verify and install a model (resumes; see --models-mirror)',
    '  models rm ID             remove an installed model',
    '',
    'Options:',
    ...lines,
  ].join('\n');
}

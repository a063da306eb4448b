import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { AddonError } from '../run-addon';
import { LlmNotConfiguredError, LlmTimeoutError, LlmTruncatedError, LlmUpstreamError } from './errors';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteOptions {
  /** Ask for a JSON object (`response_format: json_object` where the endpoint accepts it). */
  json?: boolean;
  /** Defaults to 0: the add-ons want repeatable output, not creativity. */
  temperature?: number;
  maxTokens?: number;
  /** A model the request named (e.g. `audio_to_llm_config.model`); used only when the endpoint lists it. */
  model?: string;
  signal?: AbortSignal;
}

/** A chat-completion endpoint as the LLM add-ons see it. */
export interface LlmClient {
  /** How many characters of prompt plus answer the model's context holds; add-ons chunk to fit it. */
  readonly contextChars: number;
  /** The endpoint's base URL, for messages. */
  readonly endpoint: string;
  /** The assistant's answer text; throws an AddonError (501, 502 or 504) on failure. */
  complete(messages: ChatMessage[], options?: CompleteOptions): Promise<string>;
}

/** The server settings the client is built from (a subset of `Config`; numbers fall back to its defaults). */
export interface LlmSettings {
  readonly llmUrl?: string | undefined;
  readonly llmModel?: string | undefined;
  readonly llmApiKey?: string | undefined;
  readonly llmTimeoutS?: number;
  readonly llmRetries?: number;
  readonly llmContextChars?: number;
  /** Where the settings came from, so error messages point at the right place to fix them (default: flags). */
  readonly llmSource?: 'flags' | 'settings';
}

export const LLM_DEFAULTS = { timeoutS: 120, retries: 2, contextChars: 8000 } as const;

/** The client for the configured endpoint, or null when none is configured (the add-ons then fail with 501). */
export function createLlmClient(settings: LlmSettings): LlmClient | null {
  const url = settings.llmUrl?.trim();
  if (!url) return null;
  return new OpenAiCompatibleClient({
    url: url.replace(/\/+$/, ''),
    model: settings.llmModel?.trim() || undefined,
    apiKey: settings.llmApiKey,
    timeoutS: settings.llmTimeoutS ?? LLM_DEFAULTS.timeoutS,
    retries: settings.llmRetries ?? LLM_DEFAULTS.retries,
    contextChars: settings.llmContextChars ?? LLM_DEFAULTS.contextChars,
    hints: HINTS[settings.llmSource ?? 'flags'],
  });
}

/** What `probeLlm` found: the endpoint's models and whether a one-token completion came back. */
export interface LlmProbe {
  ok: boolean;
  models: string[];
  model: string | null;
  error: string | null;
  elapsedMs: number;
}

/**
 * Checks an endpoint the way the add-ons will use it: lists its models, then asks the configured (or first
 * listed) model for a one-token completion. Never throws; no retries, since someone is waiting for the answer.
 */
export async function probeLlm(settings: LlmSettings): Promise<LlmProbe> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = settings.llmUrl?.trim();
  if (!url) {
    return { ok: false, models: [], model: null, error: 'No endpoint URL is set', elapsedMs: 0 };
  }
  const client = createLlmClient({ ...settings, llmRetries: 0 }) as OpenAiCompatibleClient;
  const outcome = await client.probe();
  return { ...outcome, elapsedMs: elapsed() };
}

interface ClientSettings {
  url: string;
  model: string | undefined;
  apiKey: string | undefined;
  timeoutS: number;
  retries: number;
  contextChars: number;
  hints: Hints;
}

interface Hints {
  url: string;
  model: string;
  key: string;
  slow: string;
  noModels: string;
}

// Flags for the headless server; the Settings screen's fields for the desktop app's saved endpoint.
const HINTS: Record<'flags' | 'settings', Hints> = {
  flags: {
    url: '--llm-url',
    model: '--llm-model',
    key: '--llm-api-key',
    slow: 'raise --llm-timeout, use a faster model or lower --llm-context-chars',
    noModels: 'start the server with --llm-model <name>',
  },
  settings: {
    url: 'the URL in Settings',
    model: 'the model in Settings',
    key: 'the API key in Settings',
    slow: 'raise the timeout in Settings, use a faster model or lower the context size',
    noModels: 'name the model in Settings',
  },
};

const RETRYABLE_STATUS = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500;
const MAX_RETRY_AFTER_MS = 30_000;

// Reasoning models served through Ollama or llama.cpp put their scratch work in the answer text.
const THINKING = /<think>[\s\S]*?<\/think>/gi;

class OpenAiCompatibleClient implements LlmClient {
  readonly contextChars: number;
  readonly endpoint: string;
  private readonly api: OpenAI;
  private models: Promise<string[]> | undefined;
  /** Cleared once the endpoint rejects `response_format` (LM Studio accepts only json_schema, some servers none). */
  private jsonMode = true;

  constructor(private readonly settings: ClientSettings) {
    this.contextChars = settings.contextChars;
    this.endpoint = settings.url;
    this.api = new OpenAI({
      baseURL: settings.url,
      // Local servers need no key, but the library insists on one; Ollama's own docs pass a placeholder.
      apiKey: settings.apiKey ?? 'no-key',
      // Explicit so the library does not pick up OPENAI_* variables from the environment.
      organization: null,
      project: null,
      timeout: settings.timeoutS * 1000,
      // Retries are ours: the library would also retry timeouts, multiplying a slow model's wait.
      maxRetries: 0,
    });
  }

  /** The models listed (if the endpoint lists any) and a one-token completion of the model that would be used. */
  async probe(): Promise<Omit<LlmProbe, 'elapsedMs'>> {
    let models: string[] = [];
    let listError: AddonError | undefined;
    try {
      models = await this.listModels();
    } catch (error) {
      listError = this.describe(error, undefined);
    }
    const model = this.settings.model ?? models[0];
    if (!model) {
      const error =
        listError?.message ??
        `The language model endpoint at ${this.endpoint} lists no models: pull or load one, or ` +
          this.settings.hints.noModels;
      return { ok: false, models, model: null, error };
    }
    try {
      // Any answer proves the model runs; a reasoning model may spend its one token thinking (finish: length).
      await this.api.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Reply with the word OK.' }],
        max_tokens: 1,
        temperature: 0,
      });
      return { ok: true, models, model, error: null };
    } catch (error) {
      return { ok: false, models, model, error: this.describe(error, model).message };
    }
  }

  async complete(messages: ChatMessage[], options: CompleteOptions = {}): Promise<string> {
    const model = await this.modelFor(options.model);
    const json = options.json === true && this.jsonMode;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages,
      temperature: options.temperature ?? 0,
      ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      ...(json ? { response_format: { type: 'json_object' } } : {}),
    };
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.withRetries(() =>
        this.api.chat.completions.create(body, { signal: options.signal }),
      );
    } catch (error) {
      const status = error instanceof OpenAI.APIError ? error.status : undefined;
      if (!json || (status !== 400 && status !== 422)) throw this.describe(error, model);
      this.jsonMode = false;
      const { response_format: _dropped, ...plain } = body;
      try {
        completion = await this.withRetries(() =>
          this.api.chat.completions.create(plain, { signal: options.signal }),
        );
      } catch (retryError) {
        throw this.describe(retryError, model);
      }
    }
    return this.answerOf(completion, model);
  }

  private answerOf(completion: OpenAI.Chat.Completions.ChatCompletion, model: string): string {
    const choice = completion.choices?.[0];
    const text = typeof choice?.message?.content === 'string' ? choice.message.content : '';
    if (choice?.finish_reason === 'length') {
      throw new LlmTruncatedError(
        `The language model "${model}" at ${this.endpoint} ran out of output tokens before finishing its answer`,
      );
    }
    const answer = text.replace(THINKING, '').trim();
    if (!answer) {
      throw new LlmUpstreamError(`The language model "${model}" at ${this.endpoint} answered with no text`);
    }
    return answer;
  }

  private async withRetries<T>(request: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        if (attempt >= this.settings.retries || !retryable(error)) throw error;
        await sleep(retryDelayMs(error, attempt));
      }
    }
  }

  private async modelFor(preferred: string | undefined): Promise<string> {
    if (preferred) {
      const listed = await this.listModels().catch(() => [] as string[]);
      if (listed.includes(preferred)) return preferred;
    }
    if (this.settings.model) return this.settings.model;
    const listed = await this.listModels();
    if (!listed[0]) {
      throw new LlmNotConfiguredError(
        `The language model endpoint at ${this.endpoint} lists no models: pull or load one, or ` +
          this.settings.hints.noModels,
      );
    }
    return listed[0];
  }

  private listModels(): Promise<string[]> {
    if (!this.models) {
      this.models = this.withRetries(async () => {
        const ids: string[] = [];
        for await (const model of this.api.models.list()) ids.push(model.id);
        return ids;
      }).catch((error: unknown) => {
        // A failed listing is not remembered: the endpoint may come up later.
        this.models = undefined;
        throw this.describe(error, undefined);
      });
    }
    return this.models;
  }

  /** A clear AddonError for whatever the library threw. */
  private describe(error: unknown, model: string | undefined): AddonError {
    if (error instanceof AddonError) return error;
    const at = `The language model${model ? ` "${model}"` : ''} at ${this.endpoint}`;
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return new LlmTimeoutError(
        `${at} did not answer within ${this.settings.timeoutS} s: ${this.settings.hints.slow}`,
      );
    }
    if (error instanceof OpenAI.APIUserAbortError) {
      return new LlmUpstreamError(`The request to ${this.endpoint} was cancelled`);
    }
    if (error instanceof OpenAI.APIConnectionError) {
      const cause = error.cause instanceof Error ? ` (${causeText(error.cause)})` : '';
      return new LlmUpstreamError(
        `Could not reach the language model endpoint at ${this.endpoint}${cause}: is the server running and ` +
          `is ${this.settings.hints.url} its OpenAI-compatible base URL (e.g. http://127.0.0.1:11434/v1)?`,
        undefined,
        { cause: error },
      );
    }
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
      const detail = upstreamMessage(error);
      const hint =
        error.status === 401 || error.status === 403
          ? ` (check ${this.settings.hints.key})`
          : error.status === 404
            ? ` (check ${this.settings.hints.model} and that ${this.settings.hints.url} ends with the API base, e.g. /v1)`
            : '';
      return new LlmUpstreamError(`${at} answered ${error.status}${hint}: ${detail}`, error.status, {
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new LlmUpstreamError(`${at} failed: ${message}`, undefined, { cause: error });
  }
}

function retryable(error: unknown): boolean {
  // A timeout is not retried: a model too slow for this prompt will be as slow the next time.
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError)
    return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  return (
    error instanceof OpenAI.APIError && typeof error.status === 'number' && RETRYABLE_STATUS(error.status)
  );
}

/** Retry-After (or the non-standard retry-after-ms) when the endpoint gives one, else capped exponential backoff. */
function retryDelayMs(error: unknown, attempt: number): number {
  const headers = error instanceof OpenAI.APIError ? error.headers : undefined;
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_AFTER_MS);
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number.parseFloat(after);
    const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
    if (Number.isFinite(wait) && wait >= 0) return Math.min(wait, MAX_RETRY_AFTER_MS);
  }
  const base = Math.min(500 * 2 ** attempt, 8000);
  return base * (1 - Math.random() * 0.25);
}

function upstreamMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message;
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'no details';
}

function causeText(cause: Error): string {
  const nested = (cause as { cause?: unknown }).cause;
  if (nested instanceof Error) return nested.message;
  return cause.message;
}

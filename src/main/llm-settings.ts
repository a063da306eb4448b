import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Config } from './config';
import type { SecretCodec } from './key-store';
import { LlmProvider, type LlmSettings as ClientSettings } from './addons/llm';
import type { LlmPatch, LlmSettings, LlmSource, LlmTestInput } from '../shared/ipc/settings';

/** The endpoint as kept in `<data-dir>/llm.json`; the key is encoded with the desktop app's codec when it has one. */
const savedSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  model: z.string().min(1).optional(),
  apiKey: z.string().min(1).optional(),
  /** base64 of `SecretCodec.encode(key)`. */
  apiKeyEncoded: z.string().min(1).optional(),
  timeoutS: z.number().positive().optional(),
  contextChars: z.int().min(1000).optional(),
});
type SavedFile = z.output<typeof savedSchema>;

interface Saved {
  url: string;
  model?: string;
  apiKey?: string;
  timeoutS?: number;
  contextChars?: number;
}

const sameUrl = (a: string | undefined, b: string | undefined): boolean =>
  (a?.trim().replace(/\/+$/, '') ?? '') === (b?.trim().replace(/\/+$/, '') ?? '');

/**
 * The language-model endpoint of the LLM add-ons: `--llm-url` and its companions when given (they win), else the
 * one saved from the app's Settings, else none. Owns the `LlmProvider` the jobs and live sessions read, and
 * reconfigures it when the saved endpoint changes, so no restart is needed.
 */
export class LlmSettingsStore {
  readonly provider: LlmProvider;
  private saved: Saved | null;

  constructor(
    private readonly config: Config,
    private readonly file: string,
    private readonly codec?: SecretCodec,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {
    this.saved = this.read();
    this.provider = new LlmProvider(this.effective());
  }

  get source(): LlmSource {
    if (this.config.llmUrl) return 'flags';
    return this.saved ? 'settings' : 'none';
  }

  /** What Settings shows: never the key itself. */
  view(): LlmSettings {
    const settings = this.effective();
    return {
      url: settings.llmUrl ?? null,
      model: settings.llmModel ?? null,
      apiKeySet: settings.llmApiKey !== undefined,
      timeoutS: settings.llmTimeoutS ?? this.config.llmTimeoutS,
      contextChars: settings.llmContextChars ?? this.config.llmContextChars,
      source: this.source,
    };
  }

  /** Problems a patch would leave (fields are already valid one by one); empty when it can be saved. */
  check(patch: LlmPatch | null): string[] {
    if (patch === null || patch.url !== undefined || this.saved) return [];
    return ['Field "llm.url" is required: there is no saved endpoint to change'];
  }

  /** Saves a checked patch (`null` removes the saved endpoint) and applies it to the next job or session. */
  save(patch: LlmPatch | null): void {
    if (this.source === 'flags') throw new Error('The language model is set by the server flags');
    if (patch === null) {
      rmSync(this.file, { force: true });
      this.saved = null;
    } else {
      const base: Partial<Saved> = this.saved ?? {};
      const next: Saved = { ...base, url: (patch.url ?? base.url)!.trim() };
      if (patch.model !== undefined) next.model = patch.model ?? undefined;
      if (patch.apiKey !== undefined) next.apiKey = patch.apiKey ?? undefined;
      // A key belongs to the endpoint it was given for: moving to another host without a new key drops it.
      else if (patch.url !== undefined && base.url !== undefined && !sameUrl(patch.url, base.url))
        next.apiKey = undefined;
      if (patch.timeoutS !== undefined) next.timeoutS = patch.timeoutS;
      if (patch.contextChars !== undefined) next.contextChars = patch.contextChars;
      this.write(next);
      this.saved = next;
    }
    this.provider.configure(this.effective());
  }

  /**
   * The settings a connection test uses: the draft's fields over the current endpoint's. The stored key is sent
   * only to the URL it was stored for, so a test against another address cannot carry it there.
   */
  draft(input: LlmTestInput): ClientSettings {
    const current = this.effective();
    const url = input.url ?? current.llmUrl;
    const storedKey = sameUrl(url, current.llmUrl) ? current.llmApiKey : undefined;
    return {
      ...current,
      llmUrl: url,
      llmModel: input.model === undefined ? current.llmModel : (input.model ?? undefined),
      llmApiKey: input.apiKey === undefined ? storedKey : (input.apiKey ?? undefined),
    };
  }

  private effective(): ClientSettings {
    const { config } = this;
    const common = {
      llmTimeoutS: config.llmTimeoutS,
      llmRetries: config.llmRetries,
      llmContextChars: config.llmContextChars,
    };
    if (config.llmUrl) {
      return {
        ...common,
        llmUrl: config.llmUrl,
        llmModel: config.llmModel,
        llmApiKey: config.llmApiKey,
        llmSource: 'flags',
      };
    }
    const saved = this.saved;
    if (!saved) return { ...common, llmSource: 'settings' };
    return {
      ...common,
      llmUrl: saved.url,
      llmModel: saved.model,
      llmApiKey: saved.apiKey,
      llmTimeoutS: saved.timeoutS ?? config.llmTimeoutS,
      llmContextChars: saved.contextChars ?? config.llmContextChars,
      llmSource: 'settings',
    };
  }

  private read(): Saved | null {
    if (!existsSync(this.file)) return null;
    let parsed: SavedFile;
    try {
      parsed = savedSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch (error) {
      // A hand-edited file that no longer parses leaves the endpoint unset rather than blocking the start.
      this.log(`ignoring ${this.file}: it is not a valid language model setting`, error);
      return null;
    }
    const { apiKeyEncoded, apiKey, ...rest } = parsed;
    let key = apiKey;
    if (apiKeyEncoded) {
      try {
        if (!this.codec) throw new Error('no way to decode it in this process');
        key = this.codec.decode(Buffer.from(apiKeyEncoded, 'base64'));
      } catch (error) {
        this.log('the saved language model API key cannot be read; enter it again in Settings', error);
        key = undefined;
      }
    }
    return { ...rest, ...(key ? { apiKey: key } : {}) };
  }

  private write(saved: Saved): void {
    const { apiKey, ...rest } = saved;
    const data: SavedFile = { ...rest };
    if (apiKey !== undefined) {
      if (this.codec) data.apiKeyEncoded = this.codec.encode(apiKey).toString('base64');
      else data.apiKey = apiKey;
    }
    for (const key of Object.keys(data) as (keyof SavedFile)[]) if (data[key] === undefined) delete data[key];
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    // Readable by this user only: the file may hold a key for a hosted endpoint.
    writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, this.file);
  }
}

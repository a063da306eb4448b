import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { BridgeError } from '../../shared/ipc/errors';
import { parseLlmTest, parseSettingsPatch, preferencesPatchSchema } from '../../shared/ipc/schemas';
import {
  DEFAULT_PREFERENCES,
  type AppSettings,
  type LlmTestInput,
  type LlmTestResult,
  type Preferences,
  type SettingsPatch,
} from '../../shared/ipc/settings';
import type { Config } from '../config';
import type { KeyEntry, KeyStore } from '../key-store';
import type { LlmSettingsStore } from '../llm-settings';
import { probeLlm } from '../addons/llm';
import { badInput } from './errors';

/** What the desktop app keeps in `<userData>/settings.json` and reads before it starts the core. */
export interface DesktopConfig {
  port?: number;
  dataDir?: string;
  modelsDir?: string;
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A hand-edited file that no longer parses falls back to the defaults rather than blocking the start.
    return undefined;
  }
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

export function readDesktopConfig(file: string): DesktopConfig {
  const raw = readJson(file);
  const parsed = parseSettingsPatch(
    raw && typeof raw === 'object' ? { ...(raw as object), preferences: undefined } : {},
  );
  if (!parsed.ok) return {};
  const { port, dataDir, modelsDir } = parsed.value;
  return { port, dataDir, modelsDir };
}

export interface SettingsDeps {
  config: Config;
  apiUrl: () => string;
  keys: KeyStore;
  /** Called after a regeneration, so the HTTP key ring accepts the new key and drops the old one. */
  onKeyChanged: (oldKey: string, entry: KeyEntry) => void;
  runtime: AppSettings['runtime'];
  /** The desktop app's settings file; without it port and folders are read-only (a headless server's flags). */
  desktopConfigFile?: string;
  /** The language-model endpoint (the core's; saved changes apply to the next job or session). */
  llm: LlmSettingsStore;
}

/**
 * Settings screen: the API address and key, port and folders (desktop only), shared preferences, and the language
 * model of the LLM add-ons (unless the server's flags set it).
 */
export class SettingsService {
  private readonly preferencesFile: string;

  constructor(private readonly deps: SettingsDeps) {
    this.preferencesFile = join(deps.config.dataDir, 'preferences.json');
  }

  private preferences(): Preferences {
    const parsed = preferencesPatchSchema.safeParse(readJson(this.preferencesFile) ?? {});
    return { ...DEFAULT_PREFERENCES, ...(parsed.success ? parsed.data : {}) } as Preferences;
  }

  get(callerKey?: string): AppSettings {
    const { config, desktopConfigFile } = this.deps;
    const saved = desktopConfigFile ? readDesktopConfig(desktopConfigFile) : {};
    const port = saved.port ?? config.port;
    const dataDir = saved.dataDir ?? config.dataDir;
    const modelsDir = saved.modelsDir ?? config.modelsDir;
    const editable = desktopConfigFile !== undefined;
    return {
      apiUrl: this.deps.apiUrl(),
      apiKey: callerKey ?? this.deps.keys.primary().key,
      keySource: this.deps.keys.source,
      host: config.host,
      port,
      dataDir,
      modelsDir,
      editable: { port: editable, dataDir: editable, modelsDir: editable },
      restartRequired: port !== config.port || dataDir !== config.dataDir || modelsDir !== config.modelsDir,
      preferences: this.preferences(),
      llm: this.deps.llm.view(),
      runtime: this.deps.runtime,
    };
  }

  update(patch: SettingsPatch, callerKey?: string): AppSettings {
    const parsed = parseSettingsPatch(patch);
    if (!parsed.ok) throw badInput(parsed.errors);
    const { preferences, llm, ...machine } = parsed.value;
    const changesMachine = Object.values(machine).some((v) => v !== undefined);
    const file = this.deps.desktopConfigFile;
    if (changesMachine && !file) {
      throw new BridgeError({
        status: 409,
        code: 'setting_read_only',
        message:
          'Port and folders of a headless server are set by its flags (--port, --data-dir, --models-dir)',
      });
    }
    if (llm !== undefined && this.deps.llm.source === 'flags') {
      throw new BridgeError({
        status: 409,
        code: 'setting_read_only',
        message:
          'The language model of this server is set by its flags (--llm-url, --llm-model, --llm-api-key); ' +
          'restart it without them to set it here',
      });
    }
    if (llm !== undefined) {
      const problems = this.deps.llm.check(llm);
      if (problems.length) throw badInput(problems);
    }
    for (const [field, dir] of [
      ['dataDir', machine.dataDir],
      ['modelsDir', machine.modelsDir],
    ] as const) {
      if (dir !== undefined && !isAbsolute(dir))
        throw badInput([`Field "${field}" must be an absolute path`]);
    }
    if (file && changesMachine) writeJson(file, { ...readDesktopConfig(file), ...machine });
    if (preferences) writeJson(this.preferencesFile, { ...this.preferences(), ...preferences });
    if (llm !== undefined) this.deps.llm.save(llm);
    return this.get(callerKey);
  }

  /** Lists the endpoint's models and asks for a one-token completion: the draft's fields over the current ones. */
  async testLlm(input: LlmTestInput = {}): Promise<LlmTestResult> {
    const parsed = parseLlmTest(input);
    if (!parsed.ok) throw badInput(parsed.errors.map((e) => e.replace(/^Field "/, 'Field "llm.')));
    return probeLlm(this.deps.llm.draft(parsed.value));
  }

  regenerateKey(callerKey?: string): AppSettings {
    const { keys } = this.deps;
    const old = keys.primary();
    if (keys.source !== 'generated' || (callerKey !== undefined && callerKey !== old.key)) {
      throw new BridgeError({
        status: 409,
        code: 'key_not_managed',
        message: 'The API key comes from configuration (--api-key / API_KEYS) and cannot be regenerated here',
      });
    }
    const entry = keys.regenerate();
    this.deps.onKeyChanged(old.key, entry);
    return this.get(entry.key);
  }
}

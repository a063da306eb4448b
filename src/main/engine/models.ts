import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, type CatalogModel } from './catalog';
import type { RecognizerSpec } from './protocol';

export interface InstalledModel {
  catalog: CatalogModel;
  dir: string;
}

export type Resolution =
  { ok: true; model: InstalledModel; language: string } | { ok: false; status: 400 | 422; message: string };

/** 'EN', 'en-US', 'en_GB' → 'en'. */
function normaliseLanguage(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

function fileComplete(path: string, size: number): boolean {
  try {
    const stat = statSync(path);
    // A known size also rejects a half-written download.
    return stat.isFile() && stat.size > 0 && (size === 0 || stat.size === size);
  } catch {
    return false;
  }
}

function installHint(model: CatalogModel): string {
  return `install it with \`models pull ${model.id}\`, or start the server with --models-dir pointing at a folder that contains ${model.folder}/`;
}

/** The API's default model names (spec §2.3: `model` defaults to solaria-1). */
const DEFAULT_API_MODELS = ['solaria-1', 'alpha-1'];

/** Maps API model names and languages onto the models installed in one folder. */
export class ModelRegistry {
  constructor(
    private readonly modelsDir: string,
    private readonly catalog: CatalogModel[] = CATALOG,
  ) {}

  /** Checked on every call (a few stat calls), so a model installed while the server runs is seen at once. */
  installed(): InstalledModel[] {
    return this.catalog
      .map((catalog) => ({ catalog, dir: join(this.modelsDir, catalog.folder) }))
      .filter((m) => m.catalog.files.every((f) => fileComplete(join(m.dir, f.name), f.size)));
  }

  resolve(apiModel: string, languages: string[]): Resolution {
    const name = apiModel.trim().toLowerCase();
    const candidates = this.catalog.filter((m) => m.apiModels.includes(name));
    if (candidates.length === 0) {
      const known = [...new Set(this.catalog.flatMap((m) => m.apiModels))].join(', ');
      return { ok: false, status: 400, message: `Unknown model "${apiModel}". Available models: ${known}.` };
    }
    const wanted = [...new Set((languages ?? []).map(normaliseLanguage).filter((l) => l !== ''))];
    const supports = (m: CatalogModel): boolean => wanted.every((l) => m.languages.includes(l));
    const installedIds = new Set(this.installed().map((m) => m.catalog.id));
    const installed = candidates.filter((m) => installedIds.has(m.id));

    const match = installed.find(supports);
    if (match) {
      const model = { catalog: match, dir: join(this.modelsDir, match.folder) };
      return { ok: true, model, language: wanted[0] ?? match.languages[0] ?? 'en' };
    }
    const installable = candidates.find(supports);
    if (installed.length === 0) {
      // The default model is what clients send when the user chose nothing: a user who installed another model
      // of the same kind for these languages (say the LibriSpeech zipformer instead of the tiny default) gets
      // it. A model asked for by name still has to be installed.
      const stand = DEFAULT_API_MODELS.includes(name)
        ? this.installed().find((m) => m.catalog.kind === candidates[0]!.kind && supports(m.catalog))
        : undefined;
      if (stand) return { ok: true, model: stand, language: wanted[0] ?? stand.catalog.languages[0] ?? 'en' };
      const hint = installable ?? candidates[0]!;
      return {
        ok: false,
        status: 422,
        message: `Model "${apiModel}" is not installed: it runs ${hint.title} (${hint.id}); ${installHint(hint)}.`,
      };
    }
    const supported = [...new Set(installed.flatMap((m) => m.languages))].join(', ');
    const more = installable
      ? ` ${installable.title} (${installable.id}) would: ${installHint(installable)}.`
      : '';
    return {
      ok: false,
      status: 422,
      message: `Model "${apiModel}" does not support language ${wanted.join(', ')}; the installed model supports: ${supported}.${more}`,
    };
  }
}

function findFile(model: InstalledModel, role: string): string {
  const file = model.catalog.files.find((f) => f.name.includes(role));
  if (!file) throw new Error(`catalog entry ${model.catalog.id} has no ${role} file`);
  return join(model.dir, file.name);
}

/** The file paths a worker needs; the transducer parts are named by role in every sherpa-onnx release. */
export function recognizerSpec(model: InstalledModel): RecognizerSpec {
  const bpe = ['bpe.vocab', 'bpe.model'].map((f) => join(model.dir, f)).find((p) => existsSync(p));
  return {
    dir: model.dir,
    kind: model.catalog.kind,
    modelType: model.catalog.modelType,
    encoder: findFile(model, 'encoder'),
    decoder: findFile(model, 'decoder'),
    joiner: findFile(model, 'joiner'),
    tokens: findFile(model, 'tokens'),
    bpe,
    modelingUnit: model.catalog.languages.some((l) => ['zh', 'ja', 'ko'].includes(l)) ? 'cjkchar+bpe' : 'bpe',
  };
}

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../test/helpers/paths';
import { CATALOG } from './catalog';
import { ModelRegistry, recognizerSpec } from './models';

const registry = new ModelRegistry(MODELS_DIR);
const tiny = CATALOG[0]!;
const scratch = mkdtempSync(join(tmpdir(), 'engine-models-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('ModelRegistry.installed', () => {
  it('finds the test model in the shared folder', () => {
    expect(registry.installed().map((m) => m.catalog.id)).toEqual([tiny.id]);
    expect(registry.installed()[0]!.dir).toBe(join(MODELS_DIR, tiny.folder));
  });

  it('ignores a folder with a missing or truncated file', () => {
    const dir = join(scratch, tiny.folder);
    mkdirSync(dir, { recursive: true });
    for (const file of tiny.files.slice(1))
      copyFileSync(join(MODELS_DIR, tiny.folder, file.name), join(dir, file.name));
    const partial = new ModelRegistry(scratch);
    expect(partial.installed()).toEqual([]);
    writeFileSync(join(dir, tiny.files[0]!.name), 'half a download');
    expect(partial.installed()).toEqual([]);
    copyFileSync(join(MODELS_DIR, tiny.folder, tiny.files[0]!.name), join(dir, tiny.files[0]!.name));
    expect(partial.installed().map((m) => m.catalog.id)).toEqual([tiny.id]);
  });

  it('is empty for a models dir that does not exist', () => {
    expect(new ModelRegistry(join(scratch, 'nope')).installed()).toEqual([]);
  });
});

describe('ModelRegistry.resolve', () => {
  it('resolves both API names of an installed model, defaulting to its first language', () => {
    for (const name of ['solaria-1', 'alpha-1', 'Solaria-1']) {
      const resolved = registry.resolve(name, []);
      expect(resolved).toMatchObject({ ok: true, language: 'en', model: { catalog: { id: tiny.id } } });
    }
  });

  it('accepts language tags in any case and with regions', () => {
    expect(registry.resolve('solaria-1', ['EN-us'])).toMatchObject({ ok: true, language: 'en' });
  });

  it('answers 400 for an unknown model name, listing the known ones', () => {
    const resolved = registry.resolve('whisper-9', []);
    expect(resolved).toMatchObject({ ok: false, status: 400 });
    if (!resolved.ok) expect(resolved.message).toMatch(/whisper-9.*solaria-1/);
  });

  it('answers 422 naming the model and how to install it when it is not installed', () => {
    const resolved = registry.resolve('solaria-3', ['en']);
    expect(resolved).toMatchObject({ ok: false, status: 422 });
    if (!resolved.ok) {
      expect(resolved.message).toContain('models pull zipformer-librispeech-en');
      expect(resolved.message).toContain('--models-dir');
    }
    // The hint names a model that supports the requested language.
    const zh = registry.resolve('alpha-fusion', ['zh']);
    if (!zh.ok) expect(zh.message).toContain('models pull zipformer-bilingual-zh-en');
  });

  it('runs the default model names on another installed model of the same kind, but not a named model', () => {
    const other = CATALOG.find(
      (m) => m.kind === tiny.kind && m.id !== tiny.id && m.languages.includes('en'),
    )!;
    const dir = join(scratch, 'other', other.folder);
    mkdirSync(dir, { recursive: true });
    // Stand-in files of the catalog's sizes: the registry checks presence and size, not content.
    for (const file of other.files) writeFileSync(join(dir, file.name), Buffer.alloc(file.size || 1));
    const onlyOther = new ModelRegistry(join(scratch, 'other'));
    expect(onlyOther.resolve('solaria-1', ['en'])).toMatchObject({
      ok: true,
      model: { catalog: { id: other.id } },
    });
    expect(onlyOther.resolve('alpha-1', [])).toMatchObject({
      ok: true,
      model: { catalog: { id: other.id } },
    });
    const named = CATALOG.find(
      (m) =>
        m.kind === tiny.kind && !m.apiModels.some((a) => other.apiModels.includes(a)) && m.id !== tiny.id,
    );
    if (named) expect(onlyOther.resolve(named.apiModels[0]!, [])).toMatchObject({ ok: false, status: 422 });
  });

  it('answers 422 naming the supported languages for a language the model lacks', () => {
    const resolved = registry.resolve('solaria-1', ['en', 'fr']);
    expect(resolved).toMatchObject({ ok: false, status: 422 });
    if (!resolved.ok) expect(resolved.message).toMatch(/fr.*supports: en/);
  });
});

describe('recognizerSpec', () => {
  it('maps the catalog files onto transducer roles', () => {
    const spec = recognizerSpec(registry.installed()[0]!);
    const dir = join(MODELS_DIR, tiny.folder);
    expect(spec).toEqual({
      dir,
      kind: 'streaming',
      modelType: undefined,
      encoder: join(dir, 'encoder-epoch-12-avg-2-chunk-16-left-64.int8.onnx'),
      decoder: join(dir, 'decoder-epoch-12-avg-2-chunk-16-left-64.onnx'),
      joiner: join(dir, 'joiner-epoch-12-avg-2-chunk-16-left-64.int8.onnx'),
      tokens: join(dir, 'tokens.txt'),
      bpe: join(dir, 'bpe.model'),
      modelingUnit: 'bpe',
    });
  });
});

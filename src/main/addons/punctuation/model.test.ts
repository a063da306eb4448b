import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PUNCTUATION_CATALOG } from '../../engine/catalog';
import { installedPunctuationModels } from './model';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('punctuation catalog', () => {
  it('lists official sherpa-onnx release archives with the files each runtime needs', () => {
    expect(PUNCTUATION_CATALOG.length).toBeGreaterThan(0);
    for (const model of PUNCTUATION_CATALOG) {
      expect(model.url).toMatch(
        /^https:\/\/github\.com\/k2-fsa\/sherpa-onnx\/releases\/download\/punctuation-models\/.+\.tar\.bz2$/,
      );
      expect(model.url).toContain(model.folder);
      const names = model.files.map((f) => f.name);
      expect(names).toContain('model.int8.onnx');
      if (model.runtime === 'online-cnn-bilstm') expect(names).toContain('bpe.vocab');
      for (const file of model.files) expect(file.sha256).toMatch(/^([0-9a-f]{64})?$/);
      for (const language of model.languages) expect(language).toMatch(/^[a-z]{2}$/);
    }
  });

  it('counts a model as installed only when every file is there and not empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'punct-models-'));
    dirs.push(dir);
    const [english, chinese] = [
      PUNCTUATION_CATALOG.find((m) => m.casing)!,
      PUNCTUATION_CATALOG.find((m) => !m.casing)!,
    ];
    expect(installedPunctuationModels(dir)).toEqual([]);
    mkdirSync(join(dir, english.folder));
    writeFileSync(join(dir, english.folder, 'model.int8.onnx'), 'x');
    writeFileSync(join(dir, english.folder, 'bpe.vocab'), '');
    expect(installedPunctuationModels(dir)).toEqual([]);
    writeFileSync(join(dir, english.folder, 'bpe.vocab'), 'x');
    mkdirSync(join(dir, chinese.folder));
    writeFileSync(join(dir, chinese.folder, 'model.int8.onnx'), 'x');
    // Casing models first: they do more for the languages they know.
    expect(installedPunctuationModels(dir).map((m) => m.id)).toEqual([english.id, chinese.id]);
  });
});

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../test/helpers/paths';
import { CATALOG } from './catalog';

describe('CATALOG', () => {
  it('has unique ids and folders, official https URLs and every transducer part', () => {
    expect(new Set(CATALOG.map((m) => m.id)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((m) => m.folder)).size).toBe(CATALOG.length);
    for (const model of CATALOG) {
      expect(model.url).toMatch(
        /^https:\/\/github\.com\/k2-fsa\/sherpa-onnx\/releases\/download\/[\w-]+\/.+\.tar\.bz2$/,
      );
      expect(model.url).toContain(model.folder);
      for (const role of ['encoder', 'decoder', 'joiner', 'tokens']) {
        expect(
          model.files.filter((f) => f.name.includes(role)),
          `${model.id} ${role}`,
        ).toHaveLength(1);
      }
      for (const file of model.files) expect(file.sha256).toMatch(/^([0-9a-f]{64})?$/);
      expect(model.languages.length).toBeGreaterThan(0);
      for (const language of model.languages) expect(language).toMatch(/^[a-z]{2}$/);
    }
  });

  it('serves every API model name', () => {
    const names = new Set(CATALOG.flatMap((m) => m.apiModels));
    for (const name of ['solaria-1', 'solaria-3', 'solaria-fusion', 'alpha-1', 'alpha-3', 'alpha-fusion']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('records the real checksums and sizes of the test model', () => {
    const model = CATALOG.find((m) => m.apiModels.includes('solaria-1'))!;
    for (const file of model.files) {
      const path = join(MODELS_DIR, model.folder, file.name);
      expect(statSync(path).size, file.name).toBe(file.size);
      expect(createHash('sha256').update(readFileSync(path)).digest('hex'), file.name).toBe(file.sha256);
    }
    expect(model.sizeBytes).toBe(model.files.reduce((n, f) => n + f.size, 0));
  });
});

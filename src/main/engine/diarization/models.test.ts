import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../../test/helpers/paths';
import { SPEAKER_CATALOG } from '../catalog';
import { onnxMetadata } from './onnx-metadata';
import { segmentationCatalogEntry } from './models';

describe('SPEAKER_CATALOG', () => {
  it('has unique ids and folders and official sherpa-onnx release URLs', () => {
    expect(new Set(SPEAKER_CATALOG.map((m) => m.id)).size).toBe(SPEAKER_CATALOG.length);
    expect(new Set(SPEAKER_CATALOG.map((m) => m.folder)).size).toBe(SPEAKER_CATALOG.length);
    for (const model of SPEAKER_CATALOG) {
      expect(model.url).toMatch(
        /^https:\/\/github\.com\/k2-fsa\/sherpa-onnx\/releases\/download\/[\w-]+\/.+/,
      );
      if (model.single) expect(model.url.endsWith(`/${model.files[0]!.name}`)).toBe(true);
      else expect(model.url).toContain(`${model.folder}.tar.bz2`);
      for (const file of model.files) expect(file.sha256).toMatch(/^([0-9a-f]{64})?$/);
      if (model.archive) expect(model.archive.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(SPEAKER_CATALOG.filter((m) => m.role === 'segmentation')).toHaveLength(1);
  });

  it('records the real checksum and size of the shared segmentation model, which is what the code expects', () => {
    const model = segmentationCatalogEntry();
    for (const file of model.files) {
      const path = join(MODELS_DIR, model.folder, file.name);
      expect(statSync(path).size).toBe(file.size);
      expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(file.sha256);
      expect(onnxMetadata(path).get('model_type')).toBe('pyannote-segmentation-3.0');
    }
  });
});

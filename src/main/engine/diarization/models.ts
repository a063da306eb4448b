import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SPEAKER_CATALOG, type SpeakerCatalogModel } from '../catalog';

// Which diarization models a models folder holds.

export interface SpeakerModels {
  /** The segmentation ONNX file, or undefined when the model is not installed. */
  segmentation?: string;
  /** The first installed speaker-embedding model in catalog order. */
  embedding?: { id: string; path: string };
}

function complete(path: string, size: number): boolean {
  try {
    const stat = statSync(path);
    return stat.isFile() && stat.size > 0 && (size === 0 || stat.size === size);
  } catch {
    return false;
  }
}

function installedFile(modelsDir: string, model: SpeakerCatalogModel): string | undefined {
  const dir = join(modelsDir, model.folder);
  if (!model.files.every((f) => complete(join(dir, f.name), f.size))) return undefined;
  return join(dir, model.files[0]!.name);
}

export function findSpeakerModels(
  modelsDir: string,
  catalog: SpeakerCatalogModel[] = SPEAKER_CATALOG,
): SpeakerModels {
  const out: SpeakerModels = {};
  for (const model of catalog) {
    const path = installedFile(modelsDir, model);
    if (!path) continue;
    if (model.role === 'segmentation' && !out.segmentation) {
      // The release archive also holds the float model, more accurate than the int8 one where it is present.
      const float = join(modelsDir, model.folder, 'model.onnx');
      out.segmentation = existsSync(float) ? float : path;
    }
    if (model.role === 'embedding' && !out.embedding) out.embedding = { id: model.id, path };
  }
  return out;
}

export function segmentationCatalogEntry(
  catalog: SpeakerCatalogModel[] = SPEAKER_CATALOG,
): SpeakerCatalogModel {
  return catalog.find((m) => m.role === 'segmentation')!;
}

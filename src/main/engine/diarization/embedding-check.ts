import { InferenceSession } from 'onnxruntime-node';
import { onnxMetadata } from './onnx-metadata';

// sherpa-onnx ends the whole process (std::terminate or exit) when a speaker-embedding model does not load or
// lacks its metadata, so a model is checked here first, with errors a caller can catch.

/** What sherpa-onnx 1.13.8's wespeaker / 3d-speaker extractor reads without a default. */
const REQUIRED = ['framework', 'output_dim', 'sample_rate', 'normalize_samples', 'language'];

/** Throws unless sherpa-onnx can load `path` as a speaker-embedding model without ending the process. */
export async function checkEmbeddingModel(path: string): Promise<void> {
  let metadata: Map<string, string>;
  try {
    metadata = onnxMetadata(path);
  } catch (error) {
    throw new Error(`${path} is not an ONNX model (${(error as Error).message})`, { cause: error });
  }
  const missing = REQUIRED.filter((key) => !metadata.has(key));
  if (missing.length) throw new Error(`${path} lacks the speaker-embedding metadata ${missing.join(', ')}`);
  const framework = metadata.get('framework');
  if (framework !== 'wespeaker' && framework !== '3d-speaker') {
    throw new Error(
      `${path} is a ${framework} model; speaker embeddings need a wespeaker or 3d-speaker model`,
    );
  }
  if (metadata.get('sample_rate') !== '16000') throw new Error(`${path} is not a 16 kHz model`);
  // A file cut short or damaged inside the graph fails here, as an ordinary error.
  const session = await InferenceSession.create(path, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  await session.release();
}

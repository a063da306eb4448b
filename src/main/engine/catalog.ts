// The speech models the product knows how to download and run. An entry's `folder` is the directory the
// official archive unpacks to; a model is installed when that folder, inside the models dir, holds every file
// listed. `sha256: ''` / `size: 0` mean "not known offline": they were not computed here, and checksums are
// never copied from third parties or guessed. The model manager verifies a file only when its checksum is known.

export interface CatalogModel {
  id: string;
  title: string;
  kind: 'streaming' | 'offline';
  /** Lower-case ISO 639-1 codes; the first is used when a request names no language. */
  languages: string[];
  /** API model names (`solaria-*` / `alpha-*`) this entry serves, in preference order across the catalog. */
  apiModels: string[];
  folder: string;
  files: { name: string; sha256: string; size: number }[];
  url: string;
  /** Sum of the listed files' sizes; 0 when unknown. */
  sizeBytes: number;
  license: string;
  /** sherpa-onnx `modelConfig.modelType` when it cannot be inferred from the ONNX metadata. */
  modelType?: string;
}

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download';

// prettier-ignore
const PARAKEET_V3_LANGUAGES = [
  'en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'uk', 'cs', 'sk', 'sl', 'hr', 'bg',
  'ro', 'hu', 'el', 'da', 'sv', 'fi', 'et', 'lv', 'lt', 'mt',
];

/** Files whose checksum and size are not known offline (see the note at the top). */
function unverified(...names: string[]): CatalogModel['files'] {
  return names.map((name) => ({ name, sha256: '', size: 0 }));
}

export const CATALOG: CatalogModel[] = [
  {
    id: 'zipformer-gigaspeech-3.3m-en',
    title: 'Zipformer 3.3M (English, GigaSpeech, streaming, tiny)',
    kind: 'streaming',
    languages: ['en'],
    apiModels: ['solaria-1', 'alpha-1'],
    folder: 'sherpa-onnx-kws-zipformer-gigaspeech-3.3M-2024-01-01-mobile',
    // Computed from the copy in ../shared/models. That copy's encoder carries a graph-only fix (six Slice
    // nodes) so that the onnxruntime inside sherpa-onnx-node 1.13.8 does not abort; the encoder in the
    // official archive therefore has a different checksum and must be fixed the same way before use.
    files: [
      {
        name: 'encoder-epoch-12-avg-2-chunk-16-left-64.int8.onnx',
        sha256: '1f526b2cded541066bd7ceb851fabd50203fd919e34a4698efc28a40c6476b9f',
        size: 4000920,
      },
      {
        name: 'decoder-epoch-12-avg-2-chunk-16-left-64.onnx',
        sha256: 'f61ebd3eed3773a44d088d53dfae92dbb6aec4839f4dcaee2d402414741663a3',
        size: 1063189,
      },
      {
        name: 'joiner-epoch-12-avg-2-chunk-16-left-64.int8.onnx',
        sha256: 'eae9da0c7e1e6c6a3f4cc42d167899c388f6c6701b94cb96320e4f55df79624c',
        size: 163380,
      },
      {
        name: 'tokens.txt',
        sha256: 'fd2ded4050a55d2b1578870ba8697d02371980217806b7558bd0a5cc60f3ba53',
        size: 5006,
      },
      {
        name: 'bpe.model',
        sha256: 'c8a2a0129c4ab8e463164c142f82d25649661b122c8cd0b7aab5c9e80b90ad24',
        size: 244837,
      },
    ],
    url: `${RELEASES}/kws-models/sherpa-onnx-kws-zipformer-gigaspeech-3.3M-2024-01-01-mobile.tar.bz2`,
    sizeBytes: 5477332,
    license: 'Apache-2.0',
  },
  {
    id: 'zipformer-librispeech-en',
    title: 'Zipformer (English, LibriSpeech, streaming, 70 MB int8)',
    kind: 'streaming',
    languages: ['en'],
    apiModels: ['solaria-3', 'alpha-3'],
    folder: 'sherpa-onnx-streaming-zipformer-en-2023-06-26',
    // bpe.model (for hotwords) is used when present but not required: it was added to the model later.
    files: unverified(
      'encoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
      'decoder-epoch-99-avg-1-chunk-16-left-128.onnx',
      'joiner-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
      'tokens.txt',
    ),
    url: `${RELEASES}/asr-models/sherpa-onnx-streaming-zipformer-en-2023-06-26.tar.bz2`,
    sizeBytes: 0,
    license: 'Apache-2.0',
  },
  {
    id: 'parakeet-tdt-0.6b-v2-en',
    title: 'NeMo Parakeet TDT 0.6B v2 (English, punctuation and casing, 630 MB int8)',
    kind: 'offline',
    languages: ['en'],
    apiModels: ['solaria-3', 'alpha-3'],
    folder: 'sherpa-onnx-nemo-parakeet-tdt-0.6b-v2-int8',
    files: unverified('encoder.int8.onnx', 'decoder.int8.onnx', 'joiner.int8.onnx', 'tokens.txt'),
    url: `${RELEASES}/asr-models/sherpa-onnx-nemo-parakeet-tdt-0.6b-v2-int8.tar.bz2`,
    sizeBytes: 0,
    license: 'CC-BY-4.0',
    modelType: 'nemo_transducer',
  },
  {
    id: 'parakeet-tdt-0.6b-v3-multilingual',
    title: 'NeMo Parakeet TDT 0.6B v3 (25 European languages, punctuation and casing, 640 MB int8)',
    kind: 'offline',
    languages: PARAKEET_V3_LANGUAGES,
    apiModels: ['solaria-fusion', 'alpha-fusion'],
    folder: 'sherpa-onnx-nemo-parakeet-tdt-0.6b-v3-int8',
    files: unverified('encoder.int8.onnx', 'decoder.int8.onnx', 'joiner.int8.onnx', 'tokens.txt'),
    url: `${RELEASES}/asr-models/sherpa-onnx-nemo-parakeet-tdt-0.6b-v3-int8.tar.bz2`,
    sizeBytes: 0,
    license: 'CC-BY-4.0',
    modelType: 'nemo_transducer',
  },
  {
    id: 'zipformer-bilingual-zh-en',
    title: 'Zipformer (Chinese + English, streaming)',
    kind: 'streaming',
    languages: ['zh', 'en'],
    apiModels: ['solaria-fusion', 'alpha-fusion'],
    folder: 'sherpa-onnx-streaming-zipformer-bilingual-zh-en-2023-02-20',
    files: unverified(
      'encoder-epoch-99-avg-1.int8.onnx',
      'decoder-epoch-99-avg-1.onnx',
      'joiner-epoch-99-avg-1.int8.onnx',
      'tokens.txt',
    ),
    url: `${RELEASES}/asr-models/sherpa-onnx-streaming-zipformer-bilingual-zh-en-2023-02-20.tar.bz2`,
    sizeBytes: 0,
    license: 'Apache-2.0',
  },
];

export function catalogModel(id: string): CatalogModel | undefined {
  return CATALOG.find((m) => m.id === id);
}

// The speech models the product knows how to download and run. An entry's `folder` is the directory the
// official archive unpacks to; a model is installed when that folder, inside the models dir, holds every file
// listed. `sha256: ''` / `size: 0` mean "not known offline": they were not computed here, and checksums are
// never copied from third parties or guessed. The model manager verifies a file only when its checksum is known.
// `archive` is different: it is the digest the release publishes for its asset, written down only where several
// independent pins of that asset agree on it.

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
  /**
   * The published sha256 and byte size of the download at `url` (the archive itself), as listed by the release
   * and by independent pins of the same asset; absent when not verifiable here. The model manager checks a
   * download against it and otherwise records the checksum it computed as unverified.
   */
  archive?: { sha256: string; bytes: number };
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
    archive: {
      sha256: '2e6ac2577310bfa2f4b6b5fab0478b868c9d0b2cb2c51b3e13b50581b588864d',
      bytes: 15_667_804,
    },
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
    archive: {
      sha256: '639e25b578e9e997131402199419c13a941f8e4e198e2da1ce57dbf5cf401282',
      bytes: 310_414_022,
    },
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
    archive: {
      sha256: '157c157bc51155e03e37d2466522a3a737dd9c72bb25f36eb18912964161e1ad',
      bytes: 482_468_385,
    },
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
    archive: {
      sha256: '5793d0fd397c5778d2cf2126994d58e9d56b1be7c04d13c7a15bb1b4eafb16bf',
      bytes: 487_170_055,
    },
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

/** Text models that restore punctuation (and casing) for the punctuation_enhanced add-on, used when installed. */
export interface PunctuationCatalogModel {
  id: string;
  title: string;
  /** sherpa-onnx class that runs it: OnlinePunctuation (CNN-BiLSTM) or OfflinePunctuation (CT-Transformer). */
  runtime: 'online-cnn-bilstm' | 'offline-ct-transformer';
  /** Whether it also restores casing. */
  casing: boolean;
  languages: string[];
  folder: string;
  files: { name: string; sha256: string; size: number }[];
  url: string;
  sizeBytes: number;
  license: string;
}

// Checksums and sizes unknown offline (see the note at the top): the URLs are the official sherpa-onnx release
// assets (tag punctuation-models), as used by sherpa-onnx's own examples; only third-party mirrors publish
// file checksums, so none are recorded here.
export const PUNCTUATION_CATALOG: PunctuationCatalogModel[] = [
  {
    id: 'punct-cnn-bilstm-en',
    title: 'Edge-Punct-Casing CNN-BiLSTM (English punctuation and casing, 7 MB int8)',
    runtime: 'online-cnn-bilstm',
    casing: true,
    languages: ['en'],
    folder: 'sherpa-onnx-online-punct-en-2024-08-06',
    files: unverified('model.int8.onnx', 'bpe.vocab'),
    url: `${RELEASES}/punctuation-models/sherpa-onnx-online-punct-en-2024-08-06.tar.bz2`,
    sizeBytes: 0,
    license: 'Apache-2.0',
  },
  {
    id: 'punct-ct-transformer-zh-en',
    title: 'CT-Transformer (Chinese + English punctuation, 72 MB int8)',
    runtime: 'offline-ct-transformer',
    casing: false,
    languages: ['zh', 'en'],
    folder: 'sherpa-onnx-punct-ct-transformer-zh-en-vocab272727-2024-04-12-int8',
    files: unverified('model.int8.onnx'),
    url: `${RELEASES}/punctuation-models/sherpa-onnx-punct-ct-transformer-zh-en-vocab272727-2024-04-12-int8.tar.bz2`,
    sizeBytes: 0,
    license: 'Apache-2.0',
  },
];

/** Models of the diarization add-on: pyannote segmentation (required) and a speaker-embedding model (optional). */
export interface SpeakerCatalogModel {
  id: string;
  title: string;
  role: 'segmentation' | 'embedding';
  folder: string;
  files: { name: string; sha256: string; size: number }[];
  /** A .tar.bz2 that unpacks to `folder`, or (`single: true`) the one file itself, to be saved into `folder`. */
  url: string;
  single?: boolean;
  /** As CatalogModel.archive: the published digest and size of the download, where independent pins agree. */
  archive?: { sha256: string; bytes: number };
  sizeBytes: number;
  license: string;
}

// The embedding models are tried in this order; with none installed, diarization uses its built-in MFCC voice
// model. The English ERes2Net's byte size is pinned by several projects but its checksum by none found, so it
// stays unverified.
export const SPEAKER_CATALOG: SpeakerCatalogModel[] = [
  {
    id: 'pyannote-segmentation-3.0',
    title: 'pyannote segmentation-3.0 (speaker activity and overlap, 10 s windows, 1.5 MB int8)',
    role: 'segmentation',
    folder: 'sherpa-onnx-pyannote-segmentation-3-0',
    // Computed from the copy in ../shared/models. The archive also holds the float model.onnx, used when present.
    files: [
      {
        name: 'model.int8.onnx',
        sha256: 'd582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d',
        size: 1540506,
      },
    ],
    url: `${RELEASES}/speaker-segmentation-models/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2`,
    archive: {
      sha256: '24615ee884c897d9d2ba09bb4d30da6bb1b15e685065962db5b02e76e4996488',
      bytes: 6_958_444,
    },
    sizeBytes: 1540506,
    license: 'MIT',
  },
  {
    id: 'eres2net-en-voxceleb',
    title: '3D-Speaker ERes2Net speaker embedding (VoxCeleb, English, 26 MB)',
    role: 'embedding',
    folder: '3dspeaker_speech_eres2net_sv_en_voxceleb_16k',
    files: unverified('3dspeaker_speech_eres2net_sv_en_voxceleb_16k.onnx'),
    url: `${RELEASES}/speaker-recongition-models/3dspeaker_speech_eres2net_sv_en_voxceleb_16k.onnx`,
    single: true,
    sizeBytes: 0,
    license: 'Apache-2.0',
  },
  {
    id: 'eres2net-base-3dspeaker',
    title: '3D-Speaker ERes2Net base speaker embedding (3D-Speaker corpus, 40 MB)',
    role: 'embedding',
    folder: '3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k',
    files: unverified('3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx'),
    url: `${RELEASES}/speaker-recongition-models/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx`,
    single: true,
    archive: {
      sha256: '1a331345f04805badbb495c775a6ddffcdd1a732567d5ec8b3d5749e3c7a5e4b',
      bytes: 39_593_761,
    },
    sizeBytes: 0,
    license: 'Apache-2.0',
  },
];

export function catalogModel(id: string): CatalogModel | undefined {
  return CATALOG.find((m) => m.id === id);
}

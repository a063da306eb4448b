/** The audio a live session's client streams (spec §2.4: `encoding`, `bit_depth`, `sample_rate`, `channels`). */
export interface LiveAudioFormat {
  encoding: 'wav/pcm' | 'wav/alaw' | 'wav/ulaw';
  /** Ignored for A-law and mu-law, which are always 8-bit. */
  bitDepth: 8 | 16 | 24 | 32;
  sampleRate: number;
  channels: number;
}

/** Bytes per sample of one channel. */
export function bytesPerSample(format: LiveAudioFormat): number {
  return format.encoding === 'wav/pcm' ? format.bitDepth / 8 : 1;
}

/** Bytes per frame (one sample of every channel). */
export function bytesPerFrame(format: LiveAudioFormat): number {
  return bytesPerSample(format) * format.channels;
}

/** Bytes of one second of audio: converts acknowledged byte ranges to seconds (PROTOCOL §5.5). */
export function bytesPerSecond(format: LiveAudioFormat): number {
  return format.sampleRate * bytesPerFrame(format);
}

/** The level meter's floor: quieter than 16-bit PCM's own noise floor (about -96 dBFS), and finite for JSON. */
export const MIN_DBFS = -100;

/** One window of audio's level, for the level meter. */
export interface Level {
  /** Linear, 0..1 (full scale). */
  rms: number;
  peak: number;
  /** The same in dBFS (0 is full scale, MIN_DBFS for silence). A full-scale sine has an RMS of -3 dBFS. */
  rmsDb: number;
  peakDb: number;
  /** Seconds of audio from the start of the capture to the end of this window. */
  time: number;
}

export function toDbfs(linear: number): number {
  if (!(linear > 0)) return MIN_DBFS;
  // `+ 0` turns the -0 of a level just under full scale into 0.
  return Math.max(MIN_DBFS, Math.round(20 * Math.log10(linear) * 10) / 10) + 0;
}

/**
 * Levels of interleaved s16le PCM over fixed windows of audio time (all channels together), so the meter's rate
 * follows the audio rather than how the capture happens to chunk it. Chunks may split a sample: the odd byte
 * waits for the next chunk.
 */
export class LevelMeter {
  private readonly windowSamples: number;
  private carry: number | null = null;
  private sumSquares = 0;
  private peak = 0;
  private count = 0;
  private total = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
    windowMs = 50,
  ) {
    this.windowSamples = Math.max(1, Math.round((sampleRate * windowMs) / 1000)) * channels;
  }

  /** The levels of the windows this chunk completes (none, one or several). */
  push(chunk: Buffer): Level[] {
    const levels: Level[] = [];
    let offset = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.add(Buffer.from([this.carry, chunk[0]!]).readInt16LE(0), levels);
      this.carry = null;
      offset = 1;
    }
    for (; offset + 1 < chunk.length; offset += 2) this.add(chunk.readInt16LE(offset), levels);
    if (offset < chunk.length) this.carry = chunk[offset]!;
    return levels;
  }

  private add(sample: number, levels: Level[]): void {
    const v = sample / 32768;
    this.sumSquares += v * v;
    const a = Math.abs(v);
    if (a > this.peak) this.peak = a;
    this.total++;
    if (++this.count < this.windowSamples) return;
    const rms = Math.sqrt(this.sumSquares / this.count);
    levels.push({
      rms,
      peak: this.peak,
      rmsDb: toDbfs(rms),
      peakDb: toDbfs(this.peak),
      time: this.total / this.channels / this.sampleRate,
    });
    this.sumSquares = 0;
    this.peak = 0;
    this.count = 0;
  }
}

/**
 * Collects interleaved f32le PCM as it streams in and splits it into one growable array per channel, so that
 * a long decode needs neither repeated concatenation nor a second, interleaved copy of the whole signal.
 */
export class PcmSink {
  private channels: Float32Array[];
  private carry: Buffer = Buffer.alloc(0);
  frames = 0;

  constructor(
    private readonly channelCount: number,
    initialFrames: number,
  ) {
    const frames = Math.max(Math.ceil(initialFrames), 16000);
    this.channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  }

  push(chunk: Buffer): void {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const frameBytes = 4 * this.channelCount;
    const whole = Math.floor(data.length / frameBytes);
    // A chunk may end inside a frame (or a sample): keep the rest for the next one.
    this.carry = Buffer.from(data.subarray(whole * frameBytes));
    if (whole === 0) return;
    const samples = floatView(data, whole * this.channelCount);
    this.reserve(this.frames + whole);
    if (this.channelCount === 1) {
      this.channels[0]!.set(samples, this.frames);
    } else {
      for (let c = 0; c < this.channelCount; c++) {
        const channel = this.channels[c]!;
        for (let i = 0, j = c, k = this.frames; i < whole; i++, j += this.channelCount, k++)
          channel[k] = samples[j]!;
      }
    }
    this.frames += whole;
  }

  /** The collected channels, trimmed to the frames received. */
  result(): Float32Array[] {
    return this.channels.map((channel) => {
      // Copy out when much of the allocation would otherwise be held for nothing.
      const slack = channel.length - this.frames;
      return slack > Math.max(256 * 1024, this.frames / 8)
        ? channel.slice(0, this.frames)
        : channel.subarray(0, this.frames);
    });
  }

  private reserve(frames: number): void {
    const capacity = this.channels[0]!.length;
    if (frames <= capacity) return;
    const grown = Math.max(frames, Math.ceil(capacity * 1.5));
    this.channels = this.channels.map((old) => {
      const channel = new Float32Array(grown);
      channel.set(old.subarray(0, this.frames));
      return channel;
    });
  }
}

/** Float32 view of the first `count` samples (f32le: the byte order of every platform Node runs on here). */
function floatView(data: Buffer, count: number): Float32Array {
  if (data.byteOffset % 4 === 0) return new Float32Array(data.buffer, data.byteOffset, count);
  return new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + count * 4));
}

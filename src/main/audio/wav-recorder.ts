import { open, type FileHandle } from 'node:fs/promises';
import { encodeWav, readWavHeader } from './wav';

/** Enough to hold any header a recorder writes, and the usual extra chunks of other writers. */
const HEADER_PROBE_BYTES = 64 * 1024;
/** RIFF sizes are 32-bit: past 4 GiB both are left at the maximum, which readers take as "up to the end". */
const MAX_RIFF_SIZE = 0xffffffff;

/**
 * A 16-bit PCM WAV written as a live session's audio arrives (the session's `/file`). `append` returns at once;
 * the writes happen in order in the background, and `close` waits for them and fills in the RIFF and data sizes.
 * Until then both sizes are 0, which `repairWav` fixes after a crash.
 */
export class WavRecorder {
  private queue: Buffer[] = [];
  private writing: Promise<void> | null = null;
  private failure: unknown = null;
  private closing: Promise<void> | null = null;
  /** File offset the next queued bytes go to. */
  private position: number;
  private bytesQueued: number;

  private constructor(
    private readonly file: FileHandle,
    readonly path: string,
    readonly sampleRate: number,
    readonly channels: number,
    /** Offset of the first sample, where the data chunk's payload starts. */
    private readonly dataOffset: number,
    end: number,
  ) {
    this.position = end;
    this.bytesQueued = end;
  }

  /** Creates (or truncates) `path` and writes the header. */
  static async open(path: string, sampleRate: number, channels: number): Promise<WavRecorder> {
    // encodeWav checks the rate and channel count; with no samples it is exactly the 44-byte header.
    const header = encodeWav(new Int16Array(0), sampleRate, channels);
    header.writeUInt32LE(0, 4);
    const file = await open(path, 'w');
    try {
      await file.write(header, 0, header.length, 0);
    } catch (error) {
      await file.close();
      throw error;
    }
    return new WavRecorder(file, path, sampleRate, channels, header.length, header.length);
  }

  /**
   * Continues a recording made by `open` (a client reconnected to its session): samples go after the existing
   * ones, whole frames only (a partial frame left by a crash is overwritten).
   */
  static async reopen(path: string): Promise<WavRecorder> {
    const file = await open(path, 'r+');
    try {
      const { header, frameBytes, dataBytes } = await inspect(file, path);
      if (header.format !== 'pcm' || header.bitsPerSample !== 16)
        throw new Error(`${path}: not a 16-bit PCM recording`);
      const end = header.dataOffset + dataBytes - (dataBytes % frameBytes);
      // Back to "being written": a crash from here on must not leave the old, smaller sizes looking final.
      await patchSizes(file, header.dataOffset, 0, 0);
      return new WavRecorder(file, path, header.sampleRate, header.channels, header.dataOffset, end);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Size of the WAV file once every appended sample is written: header plus sample data. */
  get bytesWritten(): number {
    return this.bytesQueued;
  }

  /** Seconds of audio appended so far (including what the file held when reopened). */
  get durationSec(): number {
    return (this.bytesQueued - this.dataOffset) / (2 * this.channels * this.sampleRate);
  }

  /** Queues interleaved samples (copied: the caller may reuse the array). Throws after `close`. */
  append(samples: Int16Array): void {
    if (this.closing) throw new Error(`${this.path}: recording already closed`);
    if (samples.length % this.channels !== 0)
      throw new RangeError(`${samples.length} samples do not fill ${this.channels} channels`);
    if (samples.length === 0) return;
    // Int16Array memory is little-endian on every platform Node supports here, as WAV wants.
    this.queue.push(
      Buffer.from(samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.byteLength)),
    );
    this.bytesQueued += samples.byteLength;
    this.writing ??= this.drain();
  }

  /** Waits for the queued writes, writes the sizes and closes the file. Rejects if any write failed. */
  close(): Promise<void> {
    return (this.closing ??= this.finish());
  }

  private async finish(): Promise<void> {
    try {
      await this.writing;
      if (this.failure) throw this.failure;
      await patchSizes(this.file, this.dataOffset, this.bytesQueued - this.dataOffset);
    } finally {
      await this.file.close();
    }
  }

  /** Writes everything queued, batching what piles up during each write into the next one. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.failure) {
        const batch = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue);
        this.queue = [];
        await this.file.write(batch, 0, batch.length, this.position);
        this.position += batch.length;
      }
    } catch (error) {
      // Kept for close(): the caller of append() does not wait, so it cannot be told sooner.
      this.failure = error;
      this.queue = [];
    } finally {
      this.writing = null;
    }
  }
}

/**
 * Makes a WAV whose writer died before fixing its sizes readable: sets the RIFF and data sizes from the file
 * length, dropping a trailing partial frame.
 */
export async function repairWav(path: string): Promise<{ durationSec: number; sizeBytes: number }> {
  const file = await open(path, 'r+');
  try {
    const { header, frameBytes, dataBytes } = await inspect(file, path);
    const whole = dataBytes - (dataBytes % frameBytes);
    if (whole !== dataBytes) await file.truncate(header.dataOffset + whole);
    await patchSizes(file, header.dataOffset, whole);
    return { durationSec: whole / frameBytes / header.sampleRate, sizeBytes: header.dataOffset + whole };
  } finally {
    await file.close();
  }
}

/** The header of an open WAV and the bytes after its data chunk's start, whatever its size fields say. */
async function inspect(file: FileHandle, path: string) {
  const { size } = await file.stat();
  const probe = Buffer.alloc(Math.min(size, HEADER_PROBE_BYTES));
  await file.read(probe, 0, probe.length, 0);
  const header = readWavHeader(probe);
  if (!header) throw new Error(`${path}: not a WAV file, or its header is incomplete`);
  const frameBytes = header.channels * Math.ceil(header.bitsPerSample / 8);
  return { header, frameBytes, dataBytes: size - header.dataOffset };
}

async function patchSizes(
  file: FileHandle,
  dataOffset: number,
  dataBytes: number,
  riffSize = dataOffset - 8 + dataBytes,
): Promise<void> {
  const sizes = Buffer.alloc(4);
  sizes.writeUInt32LE(Math.min(MAX_RIFF_SIZE, riffSize));
  await file.write(sizes, 0, 4, 4);
  sizes.writeUInt32LE(Math.min(MAX_RIFF_SIZE, dataBytes));
  await file.write(sizes, 0, 4, dataOffset - 4);
}

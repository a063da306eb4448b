// The seam for the native capture pipeline (ffmpeg's PulseAudio/ALSA, AVFoundation and DirectShow inputs). The
// bridge's live calls work over any provider of this shape; without one, native devices are reported unavailable.

export interface CaptureDevice {
  id: string;
  label: string;
  isDefault: boolean;
}

export interface CaptureFormat {
  /** Signed 16-bit little-endian PCM at this rate and channel count. */
  sampleRate: number;
  channels: number;
}

export interface CaptureHandlers {
  onData(pcm: Buffer): void;
  /** The capture failed (device gone, ffmpeg exited): no more data follows. */
  onError(error: Error): void;
  /** The source ended by itself (no more data follows). */
  onEnd(): void;
}

export interface CaptureHandle {
  /** Stops capturing; resolves when no more data will be delivered. */
  stop(): Promise<void>;
}

export interface CaptureProvider {
  /** Whether capture can work here at all (e.g. an ffmpeg with the platform's input), and if not, why. */
  availability(): Promise<{ available: boolean; reason: string | null }>;
  listDevices(): Promise<CaptureDevice[]>;
  open(deviceId: string, format: CaptureFormat, handlers: CaptureHandlers): Promise<CaptureHandle>;
}

/** s16le → linear RMS and peak in 0..1 (for the level meter). */
export function levelOf(pcm: Buffer): { rms: number; peak: number } {
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return { rms: 0, peak: 0 };
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < samples; i++) {
    const v = pcm.readInt16LE(i * 2) / 32768;
    sum += v * v;
    const a = Math.abs(v);
    if (a > peak) peak = a;
  }
  return { rms: Math.sqrt(sum / samples), peak };
}

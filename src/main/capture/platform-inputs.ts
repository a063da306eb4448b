import { execFile } from 'node:child_process';
import { ffmpegPath } from '../audio/binaries';
import {
  alsaCaptureDevices,
  parseAvfoundationDevices,
  parseDshowDevices,
  parseFfmpegSources,
  parseInputDevices,
  type ListedDevice,
} from './device-lists';
import type { PcmFormat } from './capture-process';
import { CaptureError } from './errors';

/** The ffmpeg inputs capture uses: PulseAudio (or PipeWire's pulse server) and ALSA, AVFoundation, DirectShow. */
export type Backend = 'pulse' | 'alsa' | 'avfoundation' | 'dshow';

/** A device as the app names it: `<backend>:<the input's own id>`, e.g. `pulse:alsa_input.usb-…`. */
export interface CaptureDevice {
  id: string;
  name: string;
  isDefault: boolean;
}

/** What opening a device takes: the ffmpeg to run and the input arguments for the wanted format. */
export interface ResolvedDevice {
  device: CaptureDevice;
  ffmpeg: string;
  inputArgs: (format: PcmFormat) => string[];
}

/** What capture can use on this machine now, or why it cannot. */
export type Probe =
  | { available: true; backend: Backend; ffmpeg: string; devices: ListedDevice[] }
  | { available: false; reason: string };

export interface PlatformInputsOptions {
  platform?: NodeJS.Platform;
  /** ffmpeg binaries to consider, best first. By default the one on PATH, the usual system places, the bundled one. */
  ffmpegCandidates?: string[];
  /** The environment ffmpeg runs in (PULSE_SERVER, XDG_RUNTIME_DIR, PATH); the process's own by default. */
  env?: NodeJS.ProcessEnv;
}

const LIST_TIMEOUT_MS = 10_000;

const DEBIAN_HINT = 'install your distribution’s ffmpeg (Debian/Ubuntu: sudo apt install ffmpeg)';

function defaultCandidates(platform: NodeJS.Platform): string[] {
  const system =
    platform === 'darwin'
      ? ['/opt/homebrew/bin/ffmpeg', '/usr/local/bin/ffmpeg']
      : platform === 'win32'
        ? []
        : ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'];
  // A desktop app started from the dock or menu may not have the shell's PATH, hence the explicit places.
  return [...new Set(['ffmpeg', ...system, ffmpegPath()])];
}

/** Finds an ffmpeg with the platform's capture input, lists its devices, and builds the input arguments. */
export class PlatformInputs {
  readonly platform: NodeJS.Platform;
  private readonly candidates: string[];
  private readonly env: NodeJS.ProcessEnv | undefined;
  /** Which inputs each ffmpeg has: fixed for a binary, so asked once. */
  private readonly inputsOf = new Map<string, Promise<Set<string>>>();

  constructor(options: PlatformInputsOptions = {}) {
    this.platform = options.platform ?? process.platform;
    this.candidates = options.ffmpegCandidates ?? defaultCandidates(this.platform);
    this.env = options.env;
  }

  /** Looked up on every call: a sound server or a USB microphone may come and go while the app runs. */
  async probe(): Promise<Probe> {
    switch (this.platform) {
      case 'darwin':
        return this.probeSingle(
          'avfoundation',
          ['-f', 'avfoundation', '-list_devices', 'true', '-i', ''],
          (text) => [
            { id: 'default', name: 'System default input', isDefault: true },
            ...parseAvfoundationDevices(text),
          ],
        );
      case 'win32':
        return this.probeSingle('dshow', ['-f', 'dshow', '-list_devices', 'true', '-i', 'dummy'], (text) =>
          parseDshowDevices(text).map((d, i) => ({ ...d, isDefault: i === 0 })),
        );
      default:
        return this.probeLinux();
    }
  }

  /** The devices capture can open now; throws CaptureError 'unavailable' (with the reason) when there are none. */
  async devices(): Promise<CaptureDevice[]> {
    const probe = await this.probe();
    if (!probe.available) throw new CaptureError('unavailable', probe.reason);
    return probe.devices.map((d) => ({ ...d, id: `${probe.backend}:${d.id}` }));
  }

  /** A listed device by its app id; CaptureError 'unavailable' or 'unknown_device' otherwise. */
  async resolve(deviceId: string): Promise<ResolvedDevice> {
    const probe = await this.probe();
    if (!probe.available) throw new CaptureError('unavailable', probe.reason);
    const separator = deviceId.indexOf(':');
    const backend = deviceId.slice(0, Math.max(0, separator));
    const nativeId = deviceId.slice(separator + 1);
    const listed = backend === probe.backend ? probe.devices.find((d) => d.id === nativeId) : undefined;
    if (!listed) {
      throw new CaptureError(
        'unknown_device',
        `No input device "${deviceId}" here (it may have been unplugged); list the devices again`,
      );
    }
    return {
      device: { ...listed, id: deviceId },
      ffmpeg: probe.ffmpeg,
      inputArgs: (format) => this.inputArgs(probe.backend, nativeId, format),
    };
  }

  /** The input half of ffmpeg's command line for a device of `backend`. */
  inputArgs(backend: Backend, deviceId: string, format: PcmFormat): string[] {
    switch (backend) {
      case 'pulse':
        // The server converts to the wanted format itself, before ffmpeg sees it.
        return [
          '-f',
          'pulse',
          '-sample_rate',
          String(format.sampleRate),
          '-channels',
          String(format.channels),
          '-i',
          deviceId,
        ];
      case 'alsa':
        return ['-f', 'alsa', '-i', deviceId];
      case 'avfoundation':
        return ['-f', 'avfoundation', '-i', `:${deviceId}`];
      case 'dshow':
        // DirectShow buffers 500 ms by default; 50 ms keeps captions close to speech.
        return ['-f', 'dshow', '-audio_buffer_size', '50', '-i', `audio=${deviceId}`];
    }
  }

  private async probeLinux(): Promise<Probe> {
    const pulse = await this.findWith('pulse');
    let pulseProblem: string;
    if (pulse) {
      try {
        const devices = parseFfmpegSources(await this.listing(pulse, ['-sources', 'pulse']));
        return { available: true, backend: 'pulse', ffmpeg: pulse, devices };
      } catch (error) {
        pulseProblem = `PulseAudio is not reachable (${(error as Error).message}); start PulseAudio or PipeWire’s pulse server`;
      }
    } else {
      pulseProblem = `no ffmpeg with PulseAudio input was found (the bundled one has none): ${DEBIAN_HINT}`;
    }
    const alsa = await this.findWith('alsa');
    if (alsa) {
      try {
        const devices = alsaCaptureDevices(
          parseFfmpegSources(await this.listing(alsa, ['-sources', 'alsa'])),
        );
        if (devices.length > 0) return { available: true, backend: 'alsa', ffmpeg: alsa, devices };
      } catch {
        // No ALSA either: the PulseAudio problem is the one to report.
      }
    }
    return {
      available: false,
      reason: `Audio capture is unavailable: ${pulseProblem}, and no ALSA sound card was found`,
    };
  }

  private async probeSingle(
    backend: Backend,
    args: string[],
    parse: (text: string) => ListedDevice[],
  ): Promise<Probe> {
    const ffmpeg = await this.findWith(backend);
    if (!ffmpeg) {
      return {
        available: false,
        reason: `Audio capture is unavailable: no ffmpeg with the ${backend} input was found`,
      };
    }
    // These inputs log their devices and then fail on the dummy input: the exit code says nothing.
    return { available: true, backend, ffmpeg, devices: parse(await this.listing(ffmpeg, args)) };
  }

  /** stdout then stderr of an ffmpeg listing, whatever its exit code. */
  private async listing(ffmpeg: string, args: string[]): Promise<string> {
    const { stdout, stderr } = await run(ffmpeg, ['-hide_banner', ...args], this.env);
    return `${stdout}\n${stderr}`;
  }

  private async findWith(input: string): Promise<string | null> {
    for (const candidate of this.candidates) {
      if ((await this.inputs(candidate)).has(input)) return candidate;
    }
    return null;
  }

  private inputs(ffmpeg: string): Promise<Set<string>> {
    let inputs = this.inputsOf.get(ffmpeg);
    if (!inputs) {
      inputs = run(ffmpeg, ['-hide_banner', '-devices'], this.env).then(
        (result) => (result.code === 0 ? parseInputDevices(result.stdout) : new Set<string>()),
        // Not installed there (ENOENT) or not runnable.
        () => new Set<string>(),
      );
      this.inputsOf.set(ffmpeg, inputs);
    }
    return inputs;
  }
}

/** Runs a short listing command; rejects only when it cannot run at all (not installed, timed out). */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv | undefined,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: env ?? process.env, timeout: LIST_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error ?? new Error(`${command} could not run`));
        else resolve({ code, stdout, stderr });
      },
    );
  });
}

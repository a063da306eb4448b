import type { CaptureProvider } from '../ipc/capture';
import { CaptureProcess } from './capture-process';
import { PlatformInputs } from './platform-inputs';

/**
 * The ffmpeg capture as the bridge's `CaptureProvider` (src/main/ipc/capture.ts): raw PCM from a device, without
 * a session. `CaptureService` is the in-process pipeline (device → LiveSession, no WebSocket); this adapter serves
 * the bridge's controller, which streams the PCM to its session over the server's loopback WebSocket.
 */
export function ffmpegCaptureProvider(
  options: { inputs?: PlatformInputs; env?: NodeJS.ProcessEnv } = {},
): CaptureProvider {
  const inputs = options.inputs ?? new PlatformInputs({ env: options.env });
  return {
    async availability() {
      const probe = await inputs.probe();
      return probe.available ? { available: true, reason: null } : { available: false, reason: probe.reason };
    },
    async listDevices() {
      return (await inputs.devices()).map(({ id, name, isDefault }) => ({ id, label: name, isDefault }));
    },
    async open(deviceId, format, handlers) {
      const { ffmpeg, inputArgs } = await inputs.resolve(deviceId);
      const capture = await CaptureProcess.start({
        ffmpeg,
        inputArgs: inputArgs(format),
        format,
        env: options.env,
        onData: (pcm) => handlers.onData(pcm),
      });
      void capture.exited.then((exit) => {
        if (exit.kind === 'failed') handlers.onError(new Error(`The input device stopped: ${exit.message}`));
        else if (exit.kind === 'ended') handlers.onEnd();
      });
      return {
        stop: async () => {
          await capture.stop();
        },
      };
    },
  };
}

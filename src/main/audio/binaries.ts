import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/**
 * The binary shipped by an installer package, or the bare command name (resolved on PATH) when the package or
 * its platform binary is missing. The installer packages throw at require time on unsupported platforms.
 */
function resolveBinary(pkg: string, command: string): string {
  try {
    const { path } = requireFromHere(pkg) as { path: string };
    // Inside a packaged Electron app the binary lives next to the asar archive, not in it.
    const unpacked = path.replace(/\bapp\.asar\b(?!\.unpacked)/, 'app.asar.unpacked');
    if (existsSync(unpacked)) return unpacked;
    if (existsSync(path)) return path;
  } catch {
    // fall through to PATH
  }
  return command;
}

let ffmpeg: string | undefined;
let ffprobe: string | undefined;

export function ffmpegPath(): string {
  return (ffmpeg ??= resolveBinary('@ffmpeg-installer/ffmpeg', 'ffmpeg'));
}

export function ffprobePath(): string {
  return (ffprobe ??= resolveBinary('@ffprobe-installer/ffprobe', 'ffprobe'));
}

import { describe, expect, it } from 'vitest';
import { ffmpegPath, ffprobePath } from './binaries';
import { lastErrorLine, runTool, ToolTimeoutError } from './run-tool';

/** An ffmpeg that never ends on its own: an endless generated tone, decoded to nowhere in real time. */
const ENDLESS = ['-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'sine', '-f', 'null', '-'];

describe('binaries', () => {
  it('resolves runnable ffmpeg and ffprobe binaries', async () => {
    for (const bin of [ffmpegPath(), ffprobePath()]) {
      const result = await runTool(bin, ['-version'], { timeoutMs: 10_000 });
      expect(result.code).toBe(0);
      expect(result.stdout.toString()).toMatch(/version/);
    }
  });
});

describe('runTool', () => {
  it('kills the process on timeout', async () => {
    const started = Date.now();
    await expect(runTool(ffmpegPath(), ENDLESS, { timeoutMs: 200 })).rejects.toBeInstanceOf(ToolTimeoutError);
    // The promise settles only once the process has exited.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('kills the process on abort and rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 100);
    await expect(runTool(ffmpegPath(), ENDLESS, { signal: controller.signal })).rejects.toBe(reason);
  });

  it('rejects when the binary does not exist', async () => {
    await expect(runTool('/nonexistent/ffmpeg', ['-version'])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps the last stderr line without the input path', () => {
    expect(lastErrorLine('warning\n/tmp/x/in.wav: Invalid data found\n\n', '/tmp/x/in.wav')).toBe(
      'input: Invalid data found',
    );
    expect(lastErrorLine('', '/a')).toBeNull();
  });
});

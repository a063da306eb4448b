import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ffmpegPath } from '../../src/main/audio/binaries';

// Debian's Chromium driven by playwright-core: no browser download (`npx playwright install` is never run).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const OUTPUT_DIR = resolve(__dirname, '../output');

const BASE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface LaunchOptions {
  /** A WAV file the fake microphone plays in a loop (Chromium's `--use-file-for-fake-audio-capture`). */
  fakeAudio?: string;
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!chromiumAvailable())
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const args = [...BASE_ARGS];
  if (options.fakeAudio) {
    args.push(
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.fakeAudio}`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/** A page the size of a laptop screen, with downloads kept so their content can be read. */
export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a full-page screenshot under e2e/output/ (gitignored) and returns its path. The viewport grows to the page's
 * height for the shot, so sticky parts (sidebar, submit bar) sit where they would on a tall screen instead of being
 * stitched mid-page.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const path = join(OUTPUT_DIR, `${name}.png`);
  const viewport = page.viewportSize();
  const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path, animations: 'disabled' });
  if (viewport && height > viewport.height) await page.setViewportSize(viewport);
  return path;
}

/** Chromium's fake capture wants 48 kHz PCM WAV; the shared audio is 16 kHz, so convert a copy. */
export function fakeCaptureWav(source: string, seconds?: number): string {
  const dir = join(tmpdir(), 'lt-e2e-audio');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${source.replace(/[^\w.-]/g, '_')}-${seconds ?? 'all'}-48k.wav`);
  if (!existsSync(out)) {
    const limit = seconds ? ['-t', String(seconds)] : [];
    execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-i',
      source,
      ...limit,
      '-ar',
      '48000',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      out,
    ]);
  }
  return out;
}

import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWavHeader } from '../src/main/audio/wav';
import { wavPayload } from '../test/helpers/live-audio';
import { audio } from '../test/helpers/paths';
import {
  pulseUnavailableReason,
  startPulseServer,
  type Feed,
  type PipeSource,
  type PulseServer,
} from '../test/helpers/pulse-server';
import { KEY, startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, openPage, screenshot } from './helpers/browser';

// A live session from a system input: a private PulseAudio server with a virtual microphone (a pipe source fed
// jfk.wav at real-time pace), the real server process capturing it with ffmpeg, and the UI in Chromium choosing
// that device, showing its level and captions, and finding the saved session in Jobs with its audio.

const unavailable = pulseUnavailableReason();
const DEVICE = 'native:pulse:virtmic';

/** Live processes named `name` whose parent is `parent` (pgrep exits 1 when there are none). */
function childrenNamed(parent: number, name: string): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(parent), '-x', name])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let pulse: PulseServer | undefined;
let mic: PipeSource;
let feed: Feed | undefined;
let app: AppServer | undefined;
let browser: Browser | undefined;
let page: Page;
let sessionId = '';
let speechSeconds = 0;
const capturePids = new Set<number>();
const pageErrors: string[] = [];

describe.skipIf(unavailable !== null)(
  `live captions from a native capture device${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    beforeAll(async () => {
      pulse = await startPulseServer();
      mic = await pulse.addPipeSource('virtmic', { rate: 16000, channels: 1 });
      app = await startAppServer([], { env: pulse.env });
      // No fake microphone: the only input that can carry speech is the system one.
      browser = await launchBrowser();
      ({ page } = await openPage(browser));
      page.on('pageerror', (error) => pageErrors.push(String(error)));
    });

    afterAll(async () => {
      await feed?.stop();
      await browser?.close();
      const serverPid = app?.server.child.pid;
      await app?.stop();
      const pulsePid = pulse?.pid;
      await pulse?.stop();
      // Nothing this test started may outlive it: the sound server and every ffmpeg the server ran.
      if (pulsePid) expect(alive(pulsePid)).toBe(false);
      if (serverPid) expect(childrenNamed(serverPid, 'ffmpeg')).toEqual([]);
      expect([...capturePids].filter(alive)).toEqual([]);
    });

    it('records from the virtual microphone, with a moving level meter and final captions', async () => {
      await page.goto(app!.appUrl);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live' }).click();
      await page.getByRole('heading', { name: 'Live', level: 1 }).waitFor();
      const device = page.getByLabel('Input device');
      await expect
        .poll(() => device.locator(`option[value="${DEVICE}"]`).count(), { timeout: 20_000 })
        .toBe(1);
      expect(await device.locator(`option[value="${DEVICE}"]`).textContent()).toMatch(/\(system\)$/);
      await device.selectOption(DEVICE);
      expect(await device.inputValue()).toBe(DEVICE);

      await page.getByRole('button', { name: 'Start recording' }).click();
      await expect
        .poll(() => page.getByTestId('live-state').textContent(), { timeout: 20_000 })
        .toBe('Recording');
      const serverPid = app!.server.child.pid!;
      const ffmpegs = childrenNamed(serverPid, 'ffmpeg');
      expect(ffmpegs).toHaveLength(1);
      ffmpegs.forEach((pid) => capturePids.add(pid));

      const meter = page.getByRole('meter', { name: 'Input level' });
      const speech = wavPayload(audio('jfk.wav'));
      speechSeconds = speech.length / (16000 * 2);
      feed = mic.play(speech, { thenSilence: true });
      // Speech lifts the meter well above the floor (more than -42 dBFS RMS)…
      await expect
        .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 })
        .toBeGreaterThan(30);

      // jfk.wav says "… ask not what your country can do for you …" within its 11 s.
      const finals = page.locator('.caption-final');
      await expect
        .poll(async () => (await finals.allTextContents()).join(' ').toLowerCase(), { timeout: 60_000 })
        .toContain('country');
      // Taken while jfk.wav is still speaking ("… for your country" ends at 11 s), so the meter shows its level.
      await screenshot(page, '12-live-native-recording');
      await feed.written;
      // …and the silence after the last word brings it back to zero.
      await expect.poll(() => meter.getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('0');
      const elapsed = await page.getByLabel('Elapsed time').textContent();
      expect(elapsed).toMatch(/^0:\d\d$/);
      expect(elapsed).not.toBe('0:00');
      expect(await page.getByTestId('live-state').textContent()).toBe('Recording');
    });

    it('stops, ends the capture and lists the session in Jobs with its audio', async () => {
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect
        .poll(() => page.getByTestId('live-state').textContent(), { timeout: 60_000 })
        .toBe('Session saved');
      await feed?.stop();
      const link = page.getByRole('link', { name: 'Open the session' });
      sessionId = (await link.getAttribute('href'))!.replace(/^.*\/jobs\//, '');
      expect(sessionId).toMatch(/^[\w-]+$/);
      await screenshot(page, '13-live-native-ended');
      // The capture ended with the session.
      await expect
        .poll(() => childrenNamed(app!.server.child.pid!, 'ffmpeg'), { timeout: 10_000 })
        .toEqual([]);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
      await page.getByLabel('Kind').selectOption('live');
      const row = page.locator(`tr[data-job-id="${sessionId}"]`);
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
      await row.getByRole('link').click();
      await expect
        .poll(async () => (await page.getByTestId('transcript').textContent())?.toLowerCase(), {
          timeout: 20_000,
        })
        .toContain('country');

      const response = await fetch(`${app!.server.url}/v2/live/${sessionId}/file`, {
        headers: { 'x-gladia-key': KEY },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const wav = Buffer.from(await response.arrayBuffer());
      const header = readWavHeader(wav);
      expect(header).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, format: 'pcm' });
      const seconds = header!.dataLength / (16000 * 2);
      // All of the speech, and the silence until Stop.
      expect(seconds).toBeGreaterThan(speechSeconds - 0.1);
      expect(seconds).toBeLessThan(120);
      console.log(
        `native capture: ${seconds.toFixed(2)} s recorded; captions "${(await page.getByTestId('transcript').textContent())?.replace(/\d\d:\d\d\.\d/g, ' ').trim()}"`,
      );
      expect(pageErrors).toEqual([]);
    });
  },
);

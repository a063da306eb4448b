import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../test/helpers/paths';
import type { MediaElementLike } from './helpers/dom';
import { startAppServer, type AppServer } from './helpers/app-server';
import { fakeCaptureWav, launchBrowser, openPage, screenshot } from './helpers/browser';

// A live session from Chromium's fake microphone, which plays jfk.wav in a loop: getUserMedia → the bridge's PCM
// worklet → /v2/live on the real server → captions on screen → the saved session in Jobs, with its audio.

let app: AppServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

describe('live captions in the browser UI', () => {
  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser({ fakeAudio: fakeCaptureWav(audio('jfk.wav')) });
    ({ page } = await openPage(browser));
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('records from the chosen input, with a moving level meter, partials and finals', async () => {
    await page.goto(app.appUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live' }).click();
    await page.getByRole('heading', { name: 'Live', level: 1 }).waitFor();
    const device = page.getByLabel('Input device');
    await expect.poll(() => device.locator('option').count()).toBeGreaterThan(0);
    await screenshot(page, '07-live-ready');

    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect
      .poll(() => page.getByTestId('live-state').textContent(), { timeout: 20_000 })
      .toBe('Recording');
    await expect
      .poll(() => page.getByRole('meter', { name: 'Input level' }).getAttribute('aria-valuenow'), {
        timeout: 10_000,
      })
      .not.toBe('0');

    // jfk.wav says "… ask not what your country can do for you …" within its first 11 s.
    const finals = page.locator('.caption-final');
    await expect
      .poll(async () => (await finals.allTextContents()).join(' ').toLowerCase(), { timeout: 60_000 })
      .toContain('country');
    const elapsed = await page.getByLabel('Elapsed time').textContent();
    expect(elapsed).toMatch(/^0:\d\d$/);
    expect(elapsed).not.toBe('0:00');
    await screenshot(page, '08-live-recording');
  });

  it('stops, saves the session and lists it in Jobs with its audio and transcript', async () => {
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(() => page.getByTestId('live-state').textContent(), { timeout: 60_000 })
      .toBe('Session saved');
    await screenshot(page, '09-live-ended');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByLabel('Kind').selectOption('live');
    const row = page.locator('tr[data-job-id]');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    await row.getByRole('link').click();

    await page.locator('audio').waitFor();
    const duration = await page
      .locator('audio')
      .evaluate(
        (el: MediaElementLike) =>
          new Promise<number>((resolve) =>
            Number.isFinite(el.duration) && el.duration > 0
              ? resolve(el.duration)
              : el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true }),
          ),
      );
    expect(duration).toBeGreaterThan(3);
    expect((await page.getByTestId('transcript').textContent())?.toLowerCase()).toContain('country');
    await screenshot(page, '10-live-job-detail');
    expect(pageErrors).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../test/helpers/paths';
import type { MediaElementLike } from './helpers/dom';
import { startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, openPage, screenshot } from './helpers/browser';

// Upload → queue → progress → transcript → word seek → SRT export → search → delete, in Chromium against the real
// headless server (real models, real SQLite), through the UI only.

let app: AppServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

describe('pre-recorded transcription in the browser UI', () => {
  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser();
    ({ page } = await openPage(browser));
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('starts on an empty Jobs screen, with the key taken out of the address', async () => {
    await page.goto(app.appUrl);
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    await page.getByText('No transcriptions yet').waitFor();
    expect(page.url()).not.toContain('key=');
    await screenshot(page, '01-jobs-empty');
  });

  it('shows the API validation errors next to the add-on they concern', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'New transcription' })
      .click();
    await page.getByRole('heading', { name: 'New transcription' }).waitFor();
    await page.getByTestId('file-input').setInputFiles([audio('jfk.wav'), audio('libri_0870.wav')]);
    await page.getByText('jfk.wav').waitFor();
    await page.getByText('libri_0870.wav').waitFor();

    await page.getByLabel('Subtitles', { exact: true }).check();
    await page.getByLabel('Maximum duration (s)').fill('60');
    await page.getByRole('button', { name: 'Transcribe 2 files' }).click();

    const error = page.locator('#errors-subtitles');
    await error.waitFor();
    expect(await error.textContent()).toContain(
      'Field "subtitles_config.maximum_duration" must be less than or equal to 30',
    );
    await expect
      .poll(() => page.getByLabel('Maximum duration (s)').getAttribute('aria-invalid'))
      .toBe('true');
    // The first file was uploaded once and is kept for the next try; nothing was queued.
    await page.getByText('Uploaded, not queued').waitFor();
    await screenshot(page, '02-new-transcription-validation');
  });

  it('uploads and queues both files with progress, then follows them to done', async () => {
    await page.getByLabel('Maximum duration (s)').fill('6');
    await page.getByRole('checkbox', { name: 'VTT' }).check();
    await page.getByRole('button', { name: 'Transcribe 2 files' }).click();
    await expect.poll(() => page.locator('#errors-subtitles').count()).toBe(0);
    // Each file ends with a link to its job once done.
    await page.locator('.queue-item[data-phase="created"]').nth(1).waitFor();
    await screenshot(page, '03-new-transcription-queued');
    await page.getByRole('link', { name: 'Open' }).nth(1).waitFor({ timeout: 150_000 });
  });

  it('lists the jobs with their excerpts and finds them by transcript text', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    const rows = page.locator('tr[data-job-id]');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.locator('tr[data-status="done"]').count()).toBe(2);
    expect(await page.locator('tr', { hasText: 'jfk.wav' }).textContent()).toMatch(/fellow american/i);
    await screenshot(page, '04-jobs-list');

    await page.getByLabel('Search transcripts').fill('country');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('jfk.wav');
    await page.getByLabel('Search transcripts').fill('no such words anywhere');
    await page.getByText('No jobs match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('checkbox', { name: 'Failed' }).check();
    await page.getByText('No jobs match these filters').waitFor();
    await page.getByRole('checkbox', { name: 'Done' }).check();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();

    // Created today: inside [today, today] and outside [tomorrow, …].
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await page.getByLabel('From').fill(day(0));
    await page.getByLabel('To').fill(day(0));
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('To').fill('');
    await page.getByLabel('From').fill(day(1));
    await page.getByText('No jobs match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('plays the audio from a clicked word, highlights it, and exports SRT', async () => {
    await page.getByRole('link', { name: 'jfk.wav' }).click();
    await page.getByRole('heading', { name: 'jfk.wav', level: 1 }).waitFor();
    const transcript = page.getByTestId('transcript');
    expect((await transcript.textContent())?.toLowerCase()).toContain('what your country can do for you');

    const word = transcript.locator('.word', { hasText: /country/i }).first();
    const start = Number(await word.getAttribute('data-start'));
    await page.locator('audio').evaluate((el: MediaElementLike) => (el.muted = true));
    await word.click();
    await expect
      .poll(() => page.locator('audio').evaluate((el: MediaElementLike) => el.currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(start);
    await expect.poll(() => transcript.locator('.word-active').count(), { timeout: 10_000 }).toBe(1);
    await page.locator('audio').evaluate((el: MediaElementLike) => el.pause());
    // The subtitles block of the result is shown as its own panel.
    await page.locator('[data-addon="subtitles"]').waitFor();
    await screenshot(page, '05-job-detail');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as SRT' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.srt$/);
    const srt = readFileSync((await download.path())!, 'utf8');
    expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> \d\d:\d\d:\d\d,\d\d\d\r?\n/);
    expect(srt.toLowerCase()).toContain('country');
  });

  it('deletes a job after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this job?' });
    await dialog.waitFor();
    await screenshot(page, '06-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    await expect.poll(() => page.locator('tr[data-job-id]').count()).toBe(1);
    expect(await page.locator('tr[data-job-id]').textContent()).toContain('libri_0870.wav');
  });

  it('runs add-ons chosen in the form and shows speakers and one panel per add-on result', async () => {
    await page.getByRole('link', { name: 'New transcription' }).first().click();
    await page.getByRole('button', { name: 'Clear queued files' }).click();
    await page.getByTestId('file-input').setInputFiles(audio('dialog_dev.wav'));
    await page.getByLabel('Subtitles', { exact: true }).uncheck();
    await page.getByLabel('Speaker diarization', { exact: true }).check();
    await page.getByLabel('Summary', { exact: true }).check();
    await page.getByLabel('Kind of summary').selectOption('bullet_points');
    await page.getByRole('checkbox', { name: /Named entities/ }).check();
    await page.getByRole('checkbox', { name: /Sentiment and emotion/ }).check();
    await page.getByRole('checkbox', { name: 'Split into sentences' }).check();
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    await page.getByRole('link', { name: 'Open' }).click({ timeout: 150_000 });

    await page.getByRole('heading', { name: 'dialog_dev.wav', level: 1 }).waitFor();
    const voices = page.getByRole('list', { name: 'Speakers and channels' }).getByRole('listitem');
    await expect.poll(() => voices.count()).toBeGreaterThanOrEqual(2);
    for (const addon of ['summarization', 'named_entity_recognition', 'sentiment_analysis', 'sentences'])
      await page.locator(`[data-addon="${addon}"]`).waitFor();
    // Sentiment arrives as a JSON string (spec §2.6) and is shown as a list, not as raw text.
    await expect.poll(() => page.locator('[data-addon="sentiment_analysis"] li').count()).toBeGreaterThan(1);
    await screenshot(page, '06b-job-addons');
    expect(pageErrors).toEqual([]);
  });
});

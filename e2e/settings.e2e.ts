import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../test/helpers/paths';
import { startTestEndpoint, type TestEndpoint } from '../src/main/addons/llm/test-endpoint';
import { translatingModel } from '../src/main/addons/translation/test-translator';
import { KEY, startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, openPage, screenshot } from './helpers/browser';

// Settings against the real server: address and key, the model catalog, a language-model endpoint set and tested
// in the page and then used by a translation, a changed preference that survives a reload and seeds the New
// transcription form, and a curl example that really transcribes when pasted.

let app: AppServer;
let browser: Browser;
let page: Page;
let endpoint: TestEndpoint;
const pageErrors: string[] = [];

const hasTool = (tool: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
};

describe('settings in the browser UI', () => {
  beforeAll(async () => {
    // A loopback OpenAI-compatible endpoint standing for Ollama or LM Studio: two models, a table translator.
    endpoint = await startTestEndpoint(translatingModel('OK'), { models: ['test-model', 'other-model'] });
    app = await startAppServer();
    browser = await launchBrowser();
    ({ page } = await openPage(browser));
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await endpoint?.close();
  });

  it('asks for the key when the address has none, again after a refused one, then remembers it', async () => {
    await page.goto(app.server.url);
    await page.getByLabel('API key').fill('not-the-key');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The server refused the last key.').waitFor();
    await screenshot(page, '00-key-prompt');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
  });

  it('shows the API address and key, and copies the key', async () => {
    await page.goto(`${app.appUrl}#/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'API address' }).inputValue()).toBe(app.server.url);
    const key = page.getByLabel('API key', { exact: true });
    expect(await key.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await key.getAttribute('type')).toBe('text');
    expect(await key.inputValue()).toBe(KEY);
    await page.getByRole('button', { name: 'Copy API key' }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(KEY);
    // A key given on the command line is not the app's to regenerate; a headless server's port is fixed.
    expect(await page.getByRole('button', { name: 'Regenerate…' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Port').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Data folder').inputValue()).toBe(app.server.dataDir);
  });

  it('lists the installed models of the models folder', async () => {
    const rows = page.locator('tr[data-model-id]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('tr[data-model-id] .badge-done').count()).toBeGreaterThan(0);
    await screenshot(page, '11-settings');
  });

  it('sets a language model endpoint, tests it, and the next translation uses it', async () => {
    const panel = page.getByRole('region', { name: 'Language model' });
    await panel.getByText('No language model is set').waitFor();
    const url = panel.getByLabel('Endpoint URL');
    await url.fill(endpoint.url);
    await panel.getByRole('button', { name: 'Test connection' }).click();
    const outcome = panel.getByTestId('llm-test-result');
    await outcome.getByText('Connected').waitFor();
    expect(await outcome.textContent()).toContain('Models listed: test-model, other-model.');
    const model = panel.getByRole('combobox', { name: 'Model' });
    const options = await model.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['test-model', 'other-model']));
    await model.selectOption('other-model');
    await panel.getByLabel('Endpoint API key').fill('sk-e2e-secret');
    await screenshot(page, '12-settings-llm-tested');
    await panel.getByRole('button', { name: 'Save language model' }).click();
    await page.getByText('Language model saved').first().waitFor();
    await panel.getByText('A key is stored').waitFor();
    expect(await panel.getByLabel('Endpoint API key').inputValue()).toBe('');

    // Saved in the core, not the page: a reload shows it, without the key.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(() => panel.getByLabel('Endpoint URL').inputValue()).toBe(endpoint.url);
    expect(await panel.getByTestId('llm-status').textContent()).toBe(
      `In use: ${endpoint.url} (other-model).`,
    );
    expect(await page.content()).not.toContain('sk-e2e-secret');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'New transcription' })
      .click();
    await page.getByRole('heading', { name: 'New transcription' }).waitFor();
    await page.getByTestId('file-input').setInputFiles([audio('jfk.wav')]);
    await page.getByText('jfk.wav').waitFor();
    await page.getByLabel('Translation', { exact: true }).check();
    await page.getByRole('combobox', { name: 'Translate into' }).selectOption('fr');
    const before = endpoint.requests.length;
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    const open = page.getByRole('link', { name: 'Open' });
    await open.waitFor({ timeout: 150_000 });
    await open.click();
    await page.getByRole('heading', { name: 'jfk.wav', level: 1 }).waitFor();
    const translation = page.locator('[data-addon="translation"]');
    await translation.waitFor();
    const text = (await translation.textContent()) ?? '';
    console.log(`translation panel: ${text}`);
    expect(text).not.toContain('This add-on failed');
    expect(text).toMatch(/\bpour\b/);
    const used = endpoint.requests.slice(before);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((r) => r.model === 'other-model' && r.authorization === 'Bearer sk-e2e-secret')).toBe(
      true,
    );
    await screenshot(page, '13-translation-with-settings-llm');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });

  it('keeps a changed default across a reload and starts new transcriptions from it', async () => {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.getByRole('checkbox', { name: 'Speaker diarization' }).check();
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await page.getByText('Preferences saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('fr');
    expect(await page.getByRole('checkbox', { name: 'Speaker diarization' }).isChecked()).toBe(true);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'New transcription' })
      .click();
    await page.getByRole('listitem').filter({ hasText: 'French (fr)' }).waitFor();
    expect(await page.getByLabel('Speaker diarization', { exact: true }).isChecked()).toBe(true);
  });

  it.runIf(hasTool('curl') && hasTool('jq'))(
    'gives a curl example that transcribes when pasted into a shell',
    async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      const curl = await page.getByTestId('example-curl').textContent();
      expect(curl).toContain(app.server.url);
      expect(curl).toContain(KEY);
      await page.getByRole('tab', { name: 'JavaScript SDK' }).click();
      expect(await page.getByTestId('example-js').textContent()).toContain('GladiaClient');

      const dir = mkdtempSync(join(tmpdir(), 'lt-curl-'));
      try {
        symlinkSync(audio('jfk.wav'), join(dir, 'recording.wav'));
        // The example reads the result once; a poll loop stands in for "repeat until done".
        const script = `${curl!.replace(/\n# 3\..*$/s, '')}
for i in $(seq 1 120); do
  STATUS=$(curl -s -H "x-gladia-key: $KEY" "$API/v2/pre-recorded/$JOB_ID" | jq -r .status)
  [ "$STATUS" = done ] && break; sleep 0.5
done
${curl!.split('\n').at(-1)}`;
        const out = execFileSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, encoding: 'utf8' });
        expect(out.toLowerCase()).toContain('country');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(pageErrors).toEqual([]);
    },
  );
});

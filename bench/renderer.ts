// `npm run bench:renderer`: the renderer's production bundle size (raw and gzip), then the time to interactive of
// the Jobs screen with 1,000 jobs in the store, measured in Debian's Chromium with the Performance API against the
// real headless server. Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { ensureBuilt } from '../scripts/build-if-stale.mjs';
import { audio } from '../test/helpers/paths';
import {
  api,
  KEY,
  removeDir,
  startServerProcess,
  uploadFile,
  waitForJob,
} from '../test/helpers/server-process';
import { chromiumAvailable, launchBrowser } from '../e2e/helpers/browser';

const JOBS = 1000;
const RUNS = 5;
const PAGE_SIZE = 20;
const QUIET_MS = 1000;
const RENDERER = resolve(__dirname, '../out/renderer');
const OUTPUT_DIR = resolve(__dirname, 'output');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function bundleSize(): void {
  const files: { name: string; raw: number; gzip: number }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|css|html)$/.test(name)) {
        const bytes = readFileSync(path);
        files.push({
          name: path.slice(RENDERER.length + 1),
          raw: bytes.length,
          gzip: gzipSync(bytes, { level: 9 }).length,
        });
      }
    }
  };
  walk(RENDERER);
  console.log('Renderer production bundle (out/renderer):');
  for (const f of files.sort((a, b) => b.raw - a.raw))
    console.log(`  ${f.name.padEnd(42)} ${kb(f.raw).padStart(11)} raw  ${kb(f.gzip).padStart(10)} gzip`);
  const total = (pick: (f: (typeof files)[number]) => number, ext?: RegExp) =>
    files.filter((f) => !ext || ext.test(f.name)).reduce((sum, f) => sum + pick(f), 0);
  console.log(
    `  ${'JavaScript'.padEnd(42)} ${kb(total((f) => f.raw, /\.js$/)).padStart(11)} raw  ${kb(total((f) => f.gzip, /\.js$/)).padStart(10)} gzip`,
  );
  console.log(
    `  ${'total'.padEnd(42)} ${kb(total((f) => f.raw)).padStart(11)} raw  ${kb(total((f) => f.gzip)).padStart(10)} gzip`,
  );
}

/**
 * Copies one real finished job (transcript, add-ons, file record) into `count` jobs spread over 60 days, one in 25
 * failed: what a store looks like after months of use. Written while the server is stopped.
 */
function seedJobs(dataDir: string, templateId: string, count: number): void {
  const db = new Database(join(dataDir, 'jobs.sqlite3'));
  const job = db.prepare('SELECT * FROM jobs WHERE id = ?').get(templateId) as Record<string, unknown>;
  const file = db.prepare('SELECT * FROM files WHERE id = ?').get(job.file_id) as Record<string, unknown>;
  const insertFile = db.prepare(
    `INSERT INTO files (id, owner, filename, extension, source, path, size, audio_duration, number_of_channels, created_at)
     VALUES (@id, @owner, @filename, @extension, @source, @path, @size, @audio_duration, @number_of_channels, @created_at)`,
  );
  const insertJob = db.prepare(
    `INSERT INTO jobs (id, kind, owner, request_id, status, created_at, started_at, completed_at, request_params,
       custom_metadata, file_id, result, error_code, error_message, post_session_metadata, progress, attempts)
     VALUES (@id, @kind, @owner, @request_id, @status, @created_at, @started_at, @completed_at, @request_params,
       @custom_metadata, @file_id, @result, @error_code, @error_message, @post_session_metadata, @progress, @attempts)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const created = new Date(now - (i + 1) * 5_184_000).toISOString();
      const fileId = randomUUID();
      insertFile.run({
        ...file,
        id: fileId,
        filename: `interview-${String(i + 1).padStart(4, '0')}.wav`,
        created_at: created,
      });
      const failed = i % 25 === 24;
      insertJob.run({
        ...job,
        id: randomUUID(),
        request_id: `G-${randomUUID().slice(0, 8)}`,
        created_at: created,
        started_at: created,
        completed_at: created,
        file_id: fileId,
        status: failed ? 'error' : 'done',
        result: failed ? null : job.result,
        error_code: failed ? 500 : null,
        error_message: failed ? 'decoder failed' : null,
      });
    }
  })();
  db.close();
}

const INIT_SCRIPT = `
  window.__bench = { longTasks: [], rowsAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const watch = new MutationObserver(() => {
    if (document.querySelectorAll('tr[data-job-id]').length >= ${PAGE_SIZE}) {
      window.__bench.rowsAt = performance.now();
      watch.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
`;

const METRICS = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const list = performance.getEntriesByType('resource').filter((e) => e.name.includes('/app/jobs'))[0];
  const b = window.__bench;
  const lastLong = b.longTasks.length ? Math.max(...b.longTasks) : 0;
  return {
    domContentLoaded: nav.domContentLoadedEventEnd,
    fcp: fcp ? fcp.startTime : NaN,
    listRequest: list ? list.responseEnd - list.startTime : NaN,
    rowsAt: b.rowsAt,
    tti: Math.max(b.rowsAt, lastLong),
    longTasks: b.longTasks.length,
    heapMb: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : NaN,
  };
})()`;

/** What the page functions read (the Node tsconfig has no DOM lib). */
interface PageGlobals {
  __bench: { rowsAt: number | null };
}

interface Load {
  domContentLoaded: number;
  fcp: number;
  listRequest: number;
  rowsAt: number;
  tti: number;
  longTasks: number;
  heapMb: number;
}

async function loadJobsScreen(browser: Browser, url: string, screenshotPath?: string): Promise<Load> {
  // A new context each time: empty HTTP cache, empty storage (the key comes from ?key=).
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INIT_SCRIPT });
  await page.goto(url);
  // Function predicates, not strings: the page's CSP forbids eval, which string predicates need.
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).__bench.rowsAt !== null,
    undefined,
    {
      timeout: 30_000,
    },
  );
  await page.waitForTimeout(QUIET_MS);
  const load = (await page.evaluate(METRICS)) as Load;
  if (screenshotPath) await page.screenshot({ path: screenshotPath });
  await context.close();
  return load;
}

/**
 * In-page timing of one UI action: from the synchronous DOM event to the first painted frame where `done` holds.
 * Events are dispatched as a user's would be (click, change, Enter), so React handles them as usual.
 */
const MEASURE = `window.__measure = async (action, done) => {
  const start = performance.now();
  action();
  await new Promise((resolve) => { const tick = () => (done() ? resolve() : requestAnimationFrame(tick)); tick(); });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - start;
};
window.__rows = () => document.querySelectorAll('tr[data-job-id]');
window.__setValue = (element, value) => {
  const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
};`;

const STEPS = {
  nextPage: `(() => {
    const first = __rows()[0].dataset.jobId;
    const next = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Next');
    return __measure(() => next.click(), () => __rows()[0]?.dataset.jobId !== first);
  })()`,
  hundred: `(() => {
    const select = [...document.querySelectorAll('select')].find((s) => s.closest('.page-size'));
    return __measure(() => __setValue(select, '100'), () => __rows().length === 100);
  })()`,
  searchNone: `(() => {
    const input = document.querySelector('input[type=search]');
    __setValue(input, 'zebra');
    const enter = () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    return __measure(enter, () => document.body.textContent.includes('No jobs match these filters'));
  })()`,
  searchOne: `(() => {
    const input = document.querySelector('input[type=search]');
    __setValue(input, 'interview-0999');
    const enter = () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    return __measure(enter, () => __rows().length === 1);
  })()`,
};

async function interactions(browser: Browser, url: string): Promise<Record<keyof typeof STEPS, number>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.addInitScript({ content: MEASURE });
  await page.goto(url);
  await page
    .locator('tr[data-job-id]')
    .nth(PAGE_SIZE - 1)
    .waitFor();
  const out = {} as Record<keyof typeof STEPS, number>;
  for (const [name, script] of Object.entries(STEPS) as [keyof typeof STEPS, string][]) {
    out[name] = (await page.evaluate(script)) as number;
  }
  await context.close();
  return out;
}

async function main(): Promise<void> {
  await ensureBuilt();
  bundleSize();
  if (!chromiumAvailable()) {
    console.log(
      '\nChromium not found at /usr/bin/chromium (apt-get install chromium): no time to interactive.',
    );
    return;
  }

  const seeding = await startServerProcess();
  const dataDir = seeding.dataDir;
  try {
    const audioUrl = await uploadFile(seeding.url, audio('jfk.wav'));
    const created = await api(seeding.url, 'POST', '/v2/pre-recorded', {
      audio_url: audioUrl,
      subtitles: true,
    });
    await waitForJob(seeding.url, created.body.id);
    await seeding.stop();
    const t0 = performance.now();
    seedJobs(dataDir, created.body.id, JOBS - 1);
    console.log(`\nSeeded ${JOBS} jobs in SQLite in ${ms(performance.now() - t0)}.`);

    const server = await startServerProcess({ dataDir });
    const browser = await launchBrowser();
    try {
      const url = `${server.url}/?key=${encodeURIComponent(KEY)}`;
      // The first load warms the server's statement cache and the OS file cache; its picture is kept to look at.
      mkdirSync(OUTPUT_DIR, { recursive: true });
      await loadJobsScreen(browser, url, join(OUTPUT_DIR, 'jobs-1000.png'));
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await loadJobsScreen(browser, url));
      const pick = (key: keyof Load) => median(loads.map((l) => l[key]));
      console.log(
        `\nJobs screen with ${JOBS} jobs, first page of ${PAGE_SIZE}, median of ${RUNS} cold loads (Chromium ${browser.version()}):`,
      );
      console.log(`  DOMContentLoaded            ${ms(pick('domContentLoaded'))}`);
      console.log(`  first contentful paint      ${ms(pick('fcp'))}`);
      console.log(`  /app/jobs request           ${ms(pick('listRequest'))}`);
      console.log(`  rows rendered               ${ms(pick('rowsAt'))}`);
      console.log(
        `  time to interactive         ${ms(pick('tti'))}   (rows rendered and no long task after; runs: ${loads.map((l) => l.tti.toFixed(0)).join(', ')} ms)`,
      );
      console.log(`  long tasks per load         ${pick('longTasks')}`);
      console.log(`  JS heap after load          ${pick('heapMb').toFixed(1)} MiB`);

      const steps = await interactions(browser, url);
      console.log(
        '\nInteractions (in the page, from the event to the first painted frame showing the result):',
      );
      console.log(`  next page                   ${ms(steps.nextPage)}`);
      console.log(`  100 rows per page           ${ms(steps.hundred)}`);
      console.log(`  search, no match (${JOBS} transcripts scanned)  ${ms(steps.searchNone)}`);
      console.log(`  search, one match by file name  ${ms(steps.searchOne)}`);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await seeding.stop();
    removeDir(dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

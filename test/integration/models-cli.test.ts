import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/main/engine/catalog';
import { ModelRegistry } from '../../src/main/engine/models';
import {
  buildArchive,
  startArchiveServer,
  type ArchiveServer,
} from '../../src/main/engine/model-manager/test-archive-server';
import { CLI, MODELS_DIR } from '../helpers/paths';

const MODEL = CATALOG.find((m) => m.id === 'zipformer-gigaspeech-3.3m-en')!;
const ARCHIVE_NAME = `${MODEL.folder}.tar.bz2`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI; `onStderr` sees its output as it comes (to interrupt it mid-download). */
function cli(
  args: string[],
  env: Record<string, string> = {},
  onStderr?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, MODELS_MIRROR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      onStderr?.(stderr, child);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let work: string;
let server: ArchiveServer;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'models-cli-'));
  const archive = buildArchive(MODELS_DIR, MODEL.folder, work);
  server = await startArchiveServer({ [ARCHIVE_NAME]: archive.path });
});

afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

describe('cli models', () => {
  it('pulls from a folder mirror, lists, and removes', async () => {
    const modelsDir = join(work, 'pulled');
    const pull = await cli([
      'models',
      'pull',
      MODEL.id,
      '--models-dir',
      modelsDir,
      '--models-mirror',
      MODELS_DIR,
    ]);
    expect(pull.stderr).toContain(`using the mirror ${MODELS_DIR}`);
    expect(pull.stderr).toMatch(/downloading zipformer-gigaspeech-3\.3m-en: 100% /);
    expect(pull.stdout).toContain(`installed ${MODEL.id} into ${modelsDir}`);
    expect(pull.stdout).toContain('checksum verified');
    expect(pull.code).toBe(0);
    expect(new ModelRegistry(modelsDir).resolve('solaria-1', ['en']).ok).toBe(true);

    const list = await cli(['models', 'list', '--models-dir', modelsDir]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+KIND\s+LANGUAGES\s+SIZE\s+INSTALLED$/);
    expect(lines).toHaveLength(CATALOG.length + 1);
    expect(lines.find((l) => l.startsWith(`${MODEL.id} `))).toMatch(/streaming\s+en\s+15\.7 MB\s+yes$/);
    console.log(list.stdout);

    const again = await cli(['models', 'pull', MODEL.id, '--models-dir', modelsDir], {
      MODELS_MIRROR: MODELS_DIR,
    });
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('already installed');

    const removed = await cli(['models', 'rm', MODEL.id, '--models-dir', modelsDir]);
    expect(removed).toMatchObject({ code: 0, stdout: `removed ${MODEL.id}\n` });
    expect(readdirSync(modelsDir)).toEqual([]);
    expect(existsSync(join(MODELS_DIR, MODEL.folder))).toBe(true);

    const twice = await cli(['models', 'rm', MODEL.id, '--models-dir', modelsDir]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('is not installed');

    const unknown = await cli(['models', 'pull', 'no-such-model', '--models-dir', modelsDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown model "no-such-model"');

    const usage = await cli(['models', 'pull']);
    expect(usage.code).toBe(2);
  });

  it('resumes an interrupted pull over a URL mirror and refuses bytes that fail the published checksum', async () => {
    // The catalog holds the official archive's sha256; the archive served here is built locally, so the pull
    // must end in a checksum error, after resuming where the interrupted one stopped.
    const modelsDir = join(work, 'http');
    const mirror = ['--models-dir', modelsDir, '--models-mirror', `${server.url}/`];
    server.setDrip(32 * 1024);
    let sent = false;
    const interrupted = await cli(['models', 'pull', MODEL.id, ...mirror], {}, (text, child) => {
      if (sent || !/downloading \S+: [1-9]\d?% /.test(text)) return;
      sent = true;
      child.kill('SIGINT');
    });
    expect(interrupted.stderr).toContain('run the same command again to resume');
    expect(interrupted.code).toBe(130);
    const partial = join(modelsDir, `${ARCHIVE_NAME}.partial`);
    const kept = statSync(partial).size;
    expect(kept).toBeGreaterThan(0);

    server.setDrip(null);
    const resumed = await cli(['models', 'pull', MODEL.id, ...mirror]);
    expect(server.requests.at(-1)).toMatchObject({ range: `bytes=${kept}-`, status: 206 });
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain(`expected ${MODEL.archive!.sha256}`);
    expect(readdirSync(modelsDir)).toEqual([]);
    console.log(`interrupted at ${kept} bytes; resumed with a Range request; then: ${resumed.stderr.trim()}`);
  });
});

import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../../test/helpers/paths';
import { CATALOG, type CatalogModel } from '../catalog';
import { ModelRegistry } from '../models';
import { ModelManager, ModelManagerError, type InstallProgress } from './index';
import { buildArchive, startArchiveServer, type ArchiveServer } from './test-archive-server';

const REAL = CATALOG.find((m) => m.id === 'zipformer-gigaspeech-3.3m-en')!;
const ARCHIVE_NAME = `${REAL.folder}.tar.bz2`;

let work: string;
let archive: { path: string; bytes: number; sha256: string };
let server: ArchiveServer;
let modelsDir: string;

/** The real catalog entry, served by the loopback server, with the checksum of the archive built here. */
function servedEntry(overrides: Partial<CatalogModel> = {}): CatalogModel {
  return {
    ...REAL,
    url: `${server.url}/${ARCHIVE_NAME}`,
    archive: { sha256: archive.sha256, bytes: archive.bytes },
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<ModelManagerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelManagerError);
  return error as ModelManagerError;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'model-manager-'));
  archive = buildArchive(MODELS_DIR, REAL.folder, work);
  server = await startArchiveServer({ [ARCHIVE_NAME]: archive.path });
  console.log(`test archive ${ARCHIVE_NAME}: ${archive.bytes} bytes, sha256 ${archive.sha256}`);
});

afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

beforeEach(async () => {
  modelsDir = await mkdtemp(join(work, 'models-'));
  server.requests.length = 0;
  server.setDrip(null);
  server.setIgnoreRange(false);
});

afterEach(async () => {
  await rm(modelsDir, { recursive: true, force: true });
});

describe('ModelManager over HTTP', () => {
  it('downloads, verifies the published sha256, unpacks atomically, and the registry resolves the model', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    const events: InstallProgress[] = [];
    let changed = 0;
    manager.on('progress', (p) => events.push(p));
    manager.on('changed', () => changed++);
    const own: InstallProgress[] = [];

    expect((await manager.list())[0]).toMatchObject({ installed: false, installing: false, progress: null });
    await manager.install(entry.id, { onProgress: (p) => own.push(p) });

    expect(readdirSync(modelsDir)).toEqual([entry.folder]);
    const resolved = new ModelRegistry(modelsDir, [entry]).resolve('solaria-1', ['en']);
    expect(resolved.ok).toBe(true);
    const [info] = await manager.list();
    expect(info).toMatchObject({
      id: entry.id,
      installed: true,
      installing: false,
      verified: true,
      sha256: archive.sha256,
      sizeBytes: archive.bytes,
    });
    const record = JSON.parse(readFileSync(join(modelsDir, entry.folder, '.install.json'), 'utf8'));
    expect(record).toMatchObject({ verifiedBy: 'archive-sha256', archiveSha256: archive.sha256 });

    const phases = [...new Set(events.map((e) => e.phase))];
    expect(phases).toEqual(['download', 'verify', 'extract', 'done']);
    const downloads = events.filter((e) => e.phase === 'download');
    expect(downloads.at(-1)).toMatchObject({ receivedBytes: archive.bytes, totalBytes: archive.bytes });
    for (let i = 1; i < downloads.length; i++) {
      expect(downloads[i]!.receivedBytes).toBeGreaterThanOrEqual(downloads[i - 1]!.receivedBytes);
    }
    expect(own).toEqual(events);
    expect(changed).toBeGreaterThanOrEqual(2);
    console.log(`install: ${events.length} progress events, ${downloads.length} during the download`);

    // Installed already: nothing is fetched again.
    const before = server.requests.length;
    await manager.install(entry.id);
    expect(server.requests.length).toBe(before);
  });

  it('resumes an interrupted download with a Range request', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    const cut = Math.floor(archive.bytes / 3);
    server.dropNextAfter(cut);

    const error = await rejection(manager.install(entry.id));
    expect(error.code).toBe('download-failed');
    const partial = join(modelsDir, `${ARCHIVE_NAME}.partial`);
    const kept = statSync(partial).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(cut);
    expect((await manager.list())[0]).toMatchObject({ installed: false, installing: false });

    await manager.install(entry.id);
    const [first, second] = server.requests;
    expect(first).toMatchObject({ range: null, status: 200 });
    expect(second).toMatchObject({ range: `bytes=${kept}-`, status: 206, bodyBytes: archive.bytes - kept });
    expect(second!.ifRange).toMatch(/^"/);
    expect(readdirSync(modelsDir)).toEqual([entry.folder]);
    expect((await manager.list())[0]).toMatchObject({ installed: true, verified: true });
    console.log(`resume: cut at ${kept} of ${archive.bytes} bytes, fetched ${second!.bodyBytes} more`);
  });

  it('stops on an AbortSignal, keeps the partial file, and resumes from it', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    server.setDrip(64 * 1024);
    const controller = new AbortController();
    const first = manager.install(entry.id, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'download' && p.receivedBytes >= 256 * 1024) controller.abort();
      },
    });
    expect((await rejection(first)).code).toBe('aborted');
    // The shared work winds down after the caller has been told.
    await expect.poll(async () => (await manager.list())[0]!.installing, { timeout: 10_000 }).toBe(false);
    const kept = statSync(join(modelsDir, `${ARCHIVE_NAME}.partial`)).size;
    expect(kept).toBeGreaterThanOrEqual(256 * 1024);
    expect(kept).toBeLessThan(archive.bytes);

    server.setDrip(null);
    await manager.install(entry.id);
    expect(server.requests.at(-1)).toMatchObject({ range: `bytes=${kept}-`, status: 206 });
    expect(readdirSync(modelsDir)).toEqual([entry.folder]);
  });

  it('starts over when the server ignores Range', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    server.dropNextAfter(100_000);
    await rejection(manager.install(entry.id));
    const kept = statSync(join(modelsDir, `${ARCHIVE_NAME}.partial`)).size;
    expect(kept).toBeGreaterThan(0);
    server.setIgnoreRange(true);
    await manager.install(entry.id);
    expect(server.requests.at(-1)).toMatchObject({ range: `bytes=${kept}-`, status: 200 });
    expect(server.requests.at(-1)!.bodyBytes).toBe(archive.bytes);
    expect((await manager.list())[0]).toMatchObject({ installed: true, verified: true });
  });

  it('rejects a checksum mismatch and leaves nothing behind', async () => {
    // The real catalog entry carries the official archive's sha256; the archive built here differs.
    const manager = new ModelManager({ modelsDir, mirror: `${server.url}/` });
    const events: InstallProgress[] = [];
    manager.on('progress', (p) => events.push(p));
    const error = await rejection(manager.install(REAL.id));
    expect(error.code).toBe('checksum-mismatch');
    expect(error.message).toContain(archive.sha256);
    expect(error.message).toContain(REAL.archive!.sha256);
    expect(readdirSync(modelsDir)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ phase: 'error' });
    const info = (await manager.list()).find((m) => m.id === REAL.id);
    expect(info).toMatchObject({ installed: false, installing: false });
    expect(server.requests[0]!.path).toBe(ARCHIVE_NAME);
  });

  it('installs a model without a published checksum and records the computed one as unverified', async () => {
    const entry = servedEntry({
      archive: undefined,
      files: REAL.files.map((f) => ({ ...f, sha256: '' })),
    });
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    await manager.install(entry.id);
    expect((await manager.list())[0]).toMatchObject({
      installed: true,
      verified: false,
      sha256: archive.sha256,
    });
    const record = JSON.parse(readFileSync(join(modelsDir, entry.folder, '.install.json'), 'utf8'));
    expect(record).toMatchObject({ verified: false, verifiedBy: null, archiveBytes: archive.bytes });
  });

  it('shares one download between concurrent installs of the same id', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    server.setDrip(256 * 1024);
    const a = manager.install(entry.id);
    const b = manager.install(entry.id);
    expect((await manager.list())[0]).toMatchObject({ installing: true });
    await Promise.all([a, b]);
    expect(server.requests.filter((r) => r.path === ARCHIVE_NAME)).toHaveLength(1);
    expect(readdirSync(modelsDir)).toEqual([entry.folder]);
  });

  it('refuses while another live process holds the install lock, and takes over a stale one', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    const lock = join(modelsDir, `${entry.folder}.lock`);
    writeFileSync(lock, String(process.pid));
    expect((await manager.list())[0]).toMatchObject({ installing: true });
    expect((await rejection(manager.install(entry.id))).code).toBe('busy');

    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(lock, String(gone.pid));
    await manager.install(entry.id);
    expect(existsSync(lock)).toBe(false);
    expect(readdirSync(modelsDir)).toEqual([entry.folder]);
  });

  it('removes installed models and refuses the others', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, catalog: [entry] });
    expect((await rejection(manager.remove(entry.id))).code).toBe('not-installed');
    expect((await rejection(manager.remove('no-such-model'))).code).toBe('unknown-model');
    expect((await rejection(manager.install('no-such-model'))).code).toBe('unknown-model');

    await manager.install(entry.id);
    let changed = 0;
    manager.on('changed', () => changed++);
    await manager.remove(entry.id);
    expect(changed).toBe(1);
    expect(readdirSync(modelsDir)).toEqual([]);
    expect((await manager.list())[0]).toMatchObject({ installed: false });
    expect(new ModelRegistry(modelsDir, [entry]).resolve('solaria-1', ['en']).ok).toBe(false);
  });
});

describe('ModelManager archives and files', () => {
  it('rejects an archive that does not unpack, and discards it', async () => {
    const truncated = join(work, 'truncated.tar.bz2');
    writeFileSync(truncated, readFileSync(archive.path).subarray(0, Math.floor(archive.bytes / 2)));
    const local = await startArchiveServer({ [ARCHIVE_NAME]: truncated });
    try {
      const entry = servedEntry({ url: `${local.url}/${ARCHIVE_NAME}`, archive: undefined });
      const manager = new ModelManager({ modelsDir, catalog: [entry] });
      const error = await rejection(manager.install(entry.id));
      expect(error.code).toBe('bad-archive');
      expect(readdirSync(modelsDir)).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('unpacks only files and folders: links in an archive are dropped', async () => {
    const parent = await mkdtemp(join(work, 'linked-'));
    const folder = join(parent, 'linked-model');
    mkdirSync(folder);
    writeFileSync(join(folder, 'tokens.txt'), 'a 0\nb 1\n');
    symlinkSync('/etc/hostname', join(folder, 'escape'));
    const built = buildArchive(parent, 'linked-model', parent);
    const local = await startArchiveServer({ 'linked-model.tar.bz2': built.path });
    try {
      const entry: CatalogModel = {
        ...REAL,
        id: 'linked',
        folder: 'linked-model',
        url: `${local.url}/linked-model.tar.bz2`,
        archive: { sha256: built.sha256, bytes: built.bytes },
        files: [{ name: 'tokens.txt', sha256: '', size: 8 }],
      };
      const manager = new ModelManager({ modelsDir, catalog: [entry] });
      await manager.install(entry.id);
      expect(readdirSync(join(modelsDir, 'linked-model')).sort()).toEqual(['.install.json', 'tokens.txt']);
    } finally {
      await local.close();
    }
  });

  it('installs a bare model file (an .onnx release asset) into its folder, checked by the file checksum', async () => {
    const onnx = join(MODELS_DIR, 'sherpa-onnx-pyannote-segmentation-3-0', 'model.int8.onnx');
    const local = await startArchiveServer({ 'model.int8.onnx': onnx });
    try {
      const entry: CatalogModel = {
        ...REAL,
        id: 'segmentation',
        folder: 'segmentation-test',
        url: `${local.url}/model.int8.onnx`,
        archive: undefined,
        files: [
          {
            name: 'model.int8.onnx',
            sha256: 'd582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d',
            size: statSync(onnx).size,
          },
        ],
      };
      const manager = new ModelManager({ modelsDir, catalog: [entry] });
      await manager.install(entry.id);
      expect(readdirSync(modelsDir)).toEqual(['segmentation-test']);
      expect(statSync(join(modelsDir, 'segmentation-test', 'model.int8.onnx')).size).toBe(
        statSync(onnx).size,
      );
      expect((await manager.list())[0]).toMatchObject({ installed: true, verified: true });
    } finally {
      await local.close();
    }
  });
});

describe('ModelManager with a folder mirror', () => {
  it('copies the zipformer model from ../shared/models, checks each file, and the registry resolves it', async () => {
    const manager = new ModelManager({ modelsDir, mirror: MODELS_DIR });
    await manager.install(REAL.id);
    const dir = join(modelsDir, REAL.folder);
    for (const file of REAL.files) {
      expect(lstatSync(join(dir, file.name)).isFile(), file.name).toBe(true);
      expect(statSync(join(dir, file.name)).size).toBe(file.size);
    }
    const resolved = new ModelRegistry(modelsDir).resolve('solaria-1', ['en']);
    expect(resolved).toMatchObject({ ok: true, language: 'en' });
    const info = (await manager.list()).find((m) => m.id === REAL.id);
    expect(info).toMatchObject({ installed: true, verified: true, sha256: REAL.archive!.sha256 });
    const record = JSON.parse(readFileSync(join(dir, '.install.json'), 'utf8'));
    expect(record).toMatchObject({ verifiedBy: 'file-sha256', source: join(MODELS_DIR, REAL.folder) });
    expect(readdirSync(modelsDir)).toEqual([REAL.folder]);

    await manager.remove(REAL.id);
    expect(existsSync(join(MODELS_DIR, REAL.folder, REAL.files[0]!.name))).toBe(true);
  });

  it('installs from an archive file in a folder mirror, and says which folder lacks the model', async () => {
    const entry = servedEntry();
    const manager = new ModelManager({ modelsDir, mirror: work, catalog: [entry] });
    await manager.install(entry.id);
    expect((await manager.list())[0]).toMatchObject({ installed: true, verified: true });
    expect(server.requests).toHaveLength(0);

    const empty = await mkdtemp(join(work, 'empty-mirror-'));
    const other = new ModelManager({ modelsDir: join(modelsDir, 'other'), mirror: empty, catalog: [entry] });
    const error = await rejection(other.install(entry.id));
    expect(error.code).toBe('mirror-missing');
    expect(error.message).toContain(empty);
  });
});

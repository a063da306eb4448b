import { EventEmitter } from 'node:events';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CATALOG, type CatalogModel } from '../catalog';
import { ModelRegistry } from '../models';
import { discardPartial, downloadResumable } from './download';
import { extractTarBz2 } from './extract';
import { checkListedFiles, copyFolder, hashFile, readRecord, verifyListedFiles, writeRecord } from './files';
import { acquireLock, lockHolder } from './lock';
import { downloadName, isArchive, resolveSource, type Source } from './source';
import {
  ModelManagerError,
  type InstallOptions,
  type InstallPhase,
  type InstallProgress,
  type InstallRecord,
  type ModelInfo,
  type ModelManagerOptions,
} from './types';

// Progress events at most this often per install (phase changes always go out).
const PROGRESS_INTERVAL_MS = 100;

interface Running {
  promise: Promise<void>;
  controller: AbortController;
  /** Callers still waiting; the shared work is cancelled when every one of them has cancelled. */
  waiting: number;
  listeners: Set<(p: InstallProgress) => void>;
  progress: InstallProgress;
  lastEmit: number;
}

interface ModelManagerEvents {
  progress: [InstallProgress];
  changed: [];
}

/**
 * Lists, installs and removes the catalog's models in one models folder. An install downloads (resuming a
 * `.partial` left by an interrupted attempt), checks the sha256 computed on the way against the published one,
 * unpacks into a temporary folder inside the models folder and renames it into place, so that the engine's
 * `ModelRegistry` only ever sees a complete model.
 */
export class ModelManager extends EventEmitter<ModelManagerEvents> {
  private readonly modelsDir: string;
  private readonly mirror?: string;
  private readonly fetchImpl: typeof fetch;
  private readonly catalog: CatalogModel[];
  private readonly registry: ModelRegistry;
  private readonly running = new Map<string, Running>();

  constructor(opts: ModelManagerOptions) {
    super();
    this.modelsDir = opts.modelsDir;
    this.mirror = opts.mirror;
    this.fetchImpl = opts.fetch ?? fetch;
    this.catalog = opts.catalog ?? CATALOG;
    this.registry = new ModelRegistry(this.modelsDir, this.catalog);
  }

  async list(): Promise<ModelInfo[]> {
    const installed = new Set(this.registry.installed().map((m) => m.catalog.id));
    return Promise.all(
      this.catalog.map(async (model): Promise<ModelInfo> => {
        const run = this.running.get(model.id);
        const isInstalled = installed.has(model.id);
        const record = isInstalled ? await readRecord(this.dir(model)) : null;
        const progress = run?.progress;
        return {
          id: model.id,
          name: model.title,
          languages: model.languages,
          kind: model.kind,
          sizeBytes: model.archive?.bytes ?? (model.sizeBytes || null),
          installed: isInstalled,
          installing: run !== undefined || (await lockHolder(this.lockPath(model))) !== null,
          progress:
            progress?.totalBytes && progress.phase !== 'done'
              ? Math.min(1, progress.receivedBytes / progress.totalBytes)
              : null,
          sha256: model.archive?.sha256 ?? record?.archiveSha256 ?? null,
          url: model.url,
          ...(progress ? { phase: progress.phase } : {}),
          ...(isInstalled ? { verified: record?.verified ?? false } : {}),
        };
      }),
    );
  }

  /** Resolves at once when the model is installed. Concurrent calls for one id share one install. */
  install(id: string, opts: InstallOptions = {}): Promise<void> {
    let model: CatalogModel;
    try {
      model = this.model(id);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    let run = this.running.get(id);
    if (!run) {
      const controller = new AbortController();
      const progress: InstallProgress = { id, receivedBytes: 0, totalBytes: null, phase: 'download' };
      run = {
        controller,
        waiting: 0,
        listeners: new Set(),
        progress,
        lastEmit: 0,
        promise: Promise.resolve(),
      };
      const created = run;
      run.promise = this.runInstall(model, created).finally(() => {
        this.running.delete(id);
        this.emit('changed');
      });
      this.running.set(id, run);
      this.emit('changed');
    }
    return this.join(run, opts);
  }

  async remove(id: string): Promise<void> {
    const model = this.model(id);
    if (this.running.has(id) || (await lockHolder(this.lockPath(model))) !== null) {
      throw new ModelManagerError('busy', `${id} is being installed; cancel that first`);
    }
    const dir = this.dir(model);
    try {
      await stat(dir);
    } catch {
      throw new ModelManagerError('not-installed', `${id} is not installed in ${this.modelsDir}`);
    }
    // Out of sight at once (the registry stops seeing it), then deleted.
    const trash = join(this.modelsDir, `.trash-${model.folder}-${process.pid}-${Date.now()}`);
    await rename(dir, trash);
    this.emit('changed');
    await rm(trash, { recursive: true, force: true });
  }

  private model(id: string): CatalogModel {
    const model = this.catalog.find((m) => m.id === id);
    if (!model) {
      const known = this.catalog.map((m) => m.id).join(', ');
      throw new ModelManagerError('unknown-model', `Unknown model "${id}". Known models: ${known}.`);
    }
    return model;
  }

  private dir(model: CatalogModel): string {
    return join(this.modelsDir, model.folder);
  }

  private lockPath(model: CatalogModel): string {
    return join(this.modelsDir, `${model.folder}.lock`);
  }

  private join(run: Running, opts: InstallOptions): Promise<void> {
    const { signal, onProgress } = opts;
    run.waiting++;
    if (onProgress) run.listeners.add(onProgress);
    const leave = (): void => {
      run.waiting--;
      if (onProgress) run.listeners.delete(onProgress);
    };
    if (!signal) return run.promise.finally(leave);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        leave();
        if (run.waiting === 0) run.controller.abort(signal.reason);
        reject(new ModelManagerError('aborted', `installing ${run.progress.id} was cancelled`));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      run.promise.then(
        () => {
          signal.removeEventListener('abort', onAbort);
          leave();
          resolve();
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          leave();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private report(run: Running, phase: InstallPhase, receivedBytes: number, totalBytes: number | null): void {
    const previous = run.progress.phase;
    run.progress = { id: run.progress.id, receivedBytes, totalBytes, phase };
    const now = Date.now();
    const finished = totalBytes !== null && receivedBytes >= totalBytes;
    if (phase === previous && !finished && now - run.lastEmit < PROGRESS_INTERVAL_MS) return;
    run.lastEmit = now;
    this.publish(run, run.progress);
  }

  private publish(run: Running, progress: InstallProgress): void {
    for (const listener of run.listeners) listener(progress);
    this.emit('progress', progress);
  }

  private async runInstall(model: CatalogModel, run: Running): Promise<void> {
    if (this.registry.installed().some((m) => m.catalog.id === model.id)) return;
    await mkdir(this.modelsDir, { recursive: true });
    const release = await acquireLock(this.lockPath(model));
    if (typeof release === 'number') {
      throw new ModelManagerError('busy', `${model.id} is being installed by process ${release}`);
    }
    let staging: string | null = null;
    try {
      await this.sweepLeftovers(model);
      const source = await resolveSource(model, this.mirror);
      staging = await mkdtemp(join(this.modelsDir, `.tmp-${model.folder}-`));
      const { dir, record } = await this.stage(model, source, staging, run);
      await checkListedFiles(model, dir);
      await writeRecord(dir, record);
      await this.swapIn(model, dir);
      await discardPartial(this.partialPath(model));
      this.report(run, 'done', run.progress.receivedBytes, run.progress.totalBytes);
    } catch (error) {
      // Complete but wrong bytes: resuming them would only fail again.
      if (error instanceof ModelManagerError && ['checksum-mismatch', 'bad-archive'].includes(error.code)) {
        await discardPartial(this.partialPath(model));
      }
      const message = error instanceof Error ? error.message : String(error);
      this.publish(run, { ...run.progress, phase: 'error', error: message });
      throw error;
    } finally {
      if (staging) await rm(staging, { recursive: true, force: true });
      await release();
    }
  }

  /** Staging and trash folders of this model that a killed process left behind (the lock is ours now). */
  private async sweepLeftovers(model: CatalogModel): Promise<void> {
    for (const name of await readdir(this.modelsDir)) {
      if (name.startsWith(`.tmp-${model.folder}-`) || name.startsWith(`.trash-${model.folder}-`)) {
        await rm(join(this.modelsDir, name), { recursive: true, force: true });
      }
    }
  }

  private partialPath(model: CatalogModel): string {
    return join(this.modelsDir, `${downloadName(model)}.partial`);
  }

  /** Puts the model's folder inside `staging` and says how it was checked. */
  private async stage(
    model: CatalogModel,
    source: Source,
    staging: string,
    run: Running,
  ): Promise<{ dir: string; record: InstallRecord }> {
    const signal = run.controller.signal;
    const base = {
      id: model.id,
      source: source.kind === 'url' ? source.url : source.path,
      installedAt: new Date().toISOString(),
    };

    if (source.kind === 'folder') {
      const dir = join(staging, model.folder);
      await copyFolder(source.path, dir, {
        signal,
        onProgress: (copied, total) => this.report(run, 'download', copied, total),
      });
      const total = model.files.reduce((n, f) => n + (f.sha256 ? f.size : 0), 0) || null;
      let hashed = 0;
      this.report(run, 'verify', 0, total);
      const verified = await verifyListedFiles(model, dir, {
        signal,
        onChunk: (bytes) => this.report(run, 'verify', (hashed += bytes), total),
      });
      const record: InstallRecord = {
        ...base,
        archiveSha256: null,
        archiveBytes: null,
        verified,
        verifiedBy: verified ? 'file-sha256' : null,
      };
      return { dir, record };
    }

    let archive: string;
    let digest: { bytes: number; sha256: string };
    if (source.kind === 'url') {
      archive = this.partialPath(model);
      digest = await downloadResumable({
        url: source.url,
        partialPath: archive,
        fetchImpl: this.fetchImpl,
        signal,
        expectedBytes: model.archive?.bytes,
        onProgress: (received, total) => this.report(run, 'download', received, total),
      });
    } else {
      archive = source.path;
      const { size } = await stat(archive);
      let hashed = 0;
      this.report(run, 'verify', 0, size);
      const sha256 = await hashFile(archive, {
        signal,
        onChunk: (bytes) => this.report(run, 'verify', (hashed += bytes), size),
      });
      digest = { bytes: size, sha256 };
    }

    this.report(run, 'verify', digest.bytes, digest.bytes);
    if (model.archive && digest.sha256 !== model.archive.sha256) {
      throw new ModelManagerError(
        'checksum-mismatch',
        `${model.id}: ${base.source} has sha256 ${digest.sha256} (${digest.bytes} bytes), expected ${model.archive.sha256}`,
      );
    }

    const name = downloadName(model);
    let dir: string;
    if (isArchive(name)) {
      await extractTarBz2(archive, staging, {
        signal,
        onProgress: (consumed, total) => this.report(run, 'extract', consumed, total),
      });
      dir = await this.unpackedFolder(model, staging);
    } else {
      // A bare model file (an .onnx release asset) becomes the only file of its folder.
      dir = join(staging, model.folder);
      await mkdir(dir);
      if (source.kind === 'file') await copyFile(archive, join(dir, name));
      else await rename(archive, join(dir, name));
    }

    let verified = model.archive !== undefined;
    let verifiedBy: InstallRecord['verifiedBy'] = verified ? 'archive-sha256' : null;
    if (!verified && model.files.some((f) => f.sha256)) {
      verified = await verifyListedFiles(model, dir, { signal });
      verifiedBy = verified ? 'file-sha256' : null;
    }
    return {
      dir,
      record: { ...base, archiveSha256: digest.sha256, archiveBytes: digest.bytes, verified, verifiedBy },
    };
  }

  /** The archive's top folder: normally named like the catalog's folder, else its single top-level folder. */
  private async unpackedFolder(model: CatalogModel, staging: string): Promise<string> {
    const entries = await readdir(staging, { withFileTypes: true });
    const expected = entries.find((e) => e.isDirectory() && e.name === model.folder);
    if (expected) return join(staging, expected.name);
    if (entries.length === 1 && entries[0]!.isDirectory()) return join(staging, entries[0]!.name);
    throw new ModelManagerError(
      'bad-archive',
      `${model.id}: the archive does not unpack to ${model.folder}/ (found ${entries.map((e) => e.name).join(', ') || 'nothing'})`,
    );
  }

  /** Renames the staged folder into place; a leftover folder (an older or broken install) goes first. */
  private async swapIn(model: CatalogModel, staged: string): Promise<void> {
    const target = this.dir(model);
    const old = join(this.modelsDir, `.trash-${model.folder}-${process.pid}-${Date.now()}`);
    let hadOld = false;
    try {
      await rename(target, old);
      hadOld = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await rename(staged, target);
    if (hadOld) await rm(old, { recursive: true, force: true });
  }
}

import type { Config } from './config';
import {
  ModelManager,
  ModelManagerError,
  type InstallProgress,
  type ModelInfo,
} from './engine/model-manager';

// `models list|pull|rm`: the CLI face of the model manager that the Settings screen also uses.

const MB = 1e6;

function formatSize(bytes: number | null): string {
  if (bytes === null) return 'unknown';
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / MB).toFixed(1)} MB`;
}

function formatLanguages(languages: string[]): string {
  return languages.length <= 4
    ? languages.join(',')
    : `${languages.slice(0, 3).join(',')},… (${languages.length})`;
}

function state(model: ModelInfo): string {
  if (model.installing) return 'installing';
  if (!model.installed) return 'no';
  return model.verified === false ? 'yes (unverified)' : 'yes';
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function list(manager: ModelManager): Promise<number> {
  const models = await manager.list();
  const rows = models.map((m) => [
    m.id,
    m.kind,
    formatLanguages(m.languages),
    formatSize(m.sizeBytes),
    state(m),
  ]);
  console.log(table([['ID', 'KIND', 'LANGUAGES', 'SIZE', 'INSTALLED'], ...rows]));
  return 0;
}

const PHASE_LABEL: Record<InstallProgress['phase'], string> = {
  download: 'downloading',
  verify: 'verifying',
  extract: 'unpacking',
  done: 'done',
  error: 'failed',
};

/** One line rewritten in place on a terminal; a line per phase and per 10% otherwise (logs, CI). */
function progressPrinter(id: string): { update: (p: InstallProgress) => void; finish: () => void } {
  const tty = process.stderr.isTTY === true;
  let last = '';
  let shown = false;
  return {
    update(p) {
      if (p.phase === 'error' || p.phase === 'done') return;
      const fraction = p.totalBytes ? p.receivedBytes / p.totalBytes : null;
      const amount = p.totalBytes
        ? `${formatSize(p.receivedBytes)} / ${formatSize(p.totalBytes)}`
        : formatSize(p.receivedBytes);
      const percent = fraction === null ? '' : `${Math.floor(fraction * 100)}% `;
      const line = `${PHASE_LABEL[p.phase]} ${id}: ${percent}(${amount})`;
      const key = tty ? line : `${p.phase}:${fraction === null ? '' : Math.floor(fraction * 10)}`;
      if (key === last) return;
      last = key;
      shown = true;
      if (tty) process.stderr.write(`\r\x1b[2K${line}`);
      else process.stderr.write(`${line}\n`);
    },
    finish() {
      if (tty && shown) process.stderr.write('\n');
    },
  };
}

async function pull(manager: ModelManager, id: string, config: Config): Promise<number> {
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const printer = progressPrinter(id);
  try {
    const before = (await manager.list()).find((m) => m.id === id);
    if (before?.installed) {
      console.log(`${id} is already installed in ${config.modelsDir}`);
      return 0;
    }
    if (config.modelsMirror) console.error(`using the mirror ${config.modelsMirror}`);
    await manager.install(id, { signal: controller.signal, onProgress: printer.update });
    printer.finish();
    const model = (await manager.list()).find((m) => m.id === id)!;
    const check = model.verified
      ? 'checksum verified'
      : 'UNVERIFIED: no published checksum to compare with; the computed one is recorded';
    console.log(`installed ${id} into ${config.modelsDir} (sha256 ${model.sha256 ?? 'n/a'}, ${check})`);
    return 0;
  } catch (error) {
    printer.finish();
    if (error instanceof ModelManagerError && error.code === 'aborted') {
      console.error('interrupted; run the same command again to resume the download');
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

async function remove(manager: ModelManager, id: string): Promise<number> {
  await manager.remove(id);
  console.log(`removed ${id}`);
  return 0;
}

/** Returns the exit code, or null when the arguments are not a models command (the caller prints usage). */
export async function modelsCommand(config: Config, args: string[]): Promise<number | null> {
  const [verb, id, ...extra] = args;
  const manager = new ModelManager({ modelsDir: config.modelsDir, mirror: config.modelsMirror });
  try {
    if (verb === 'list' && !id) return await list(manager);
    if (extra.length > 0 || !id) return null;
    if (verb === 'pull') return await pull(manager, id, config);
    if (verb === 'rm') return await remove(manager, id);
    return null;
  } catch (error) {
    if (!(error instanceof ModelManagerError)) throw error;
    console.error(`models ${verb}: ${error.message}`);
    return 1;
  }
}

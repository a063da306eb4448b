import { link, readFile, rm, writeFile } from 'node:fs/promises';

// Two processes (the app and a `models pull` beside it) appending to one partial download would corrupt it, so
// an install holds a lock file naming its process. A lock whose process is gone is stale and taken over.

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockHolder(path: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path, 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Returns a release function, or the pid of the live process that holds the lock. */
export async function acquireLock(path: string): Promise<(() => Promise<void>) | number> {
  // The pid is written first and the lock appears whole through link(), which fails if it exists: nobody ever
  // reads a lock without its pid.
  const draft = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(draft, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(draft, path);
        return () => rm(path, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await lockHolder(path);
        if (holder !== null) return holder;
        await rm(path, { force: true });
      }
    }
    return (await lockHolder(path)) ?? process.pid;
  } finally {
    await rm(draft, { force: true });
  }
}

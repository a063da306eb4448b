import { ensureBuilt } from '../scripts/build-if-stale.mjs';

// Integration tests start the built headless server as a real process, so the build must be current.
export default async function setup(): Promise<void> {
  if (process.env.SKIP_BUILD === '1') return;
  await ensureBuilt();
}

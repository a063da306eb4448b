import { expect } from 'vitest';
import { settle } from '../../src/main/ipc/errors';
import type { BridgeErrorInfo } from '../../src/shared/ipc/errors';

/** The error an IPC handler fails with, as it would cross the bridge; fails the test when the handler succeeds. */
export async function errorOf(run: () => Promise<unknown>): Promise<BridgeErrorInfo> {
  const result = await settle(run);
  expect(result.ok).toBe(false);
  return (result as { ok: false; error: BridgeErrorInfo }).error;
}

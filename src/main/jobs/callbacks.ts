export interface CallbackRequest {
  url: string;
  method: 'POST' | 'PUT';
  body: unknown;
}

export interface CallbackOptions {
  retries: number;
  /** First retry delay; doubles on each attempt. */
  baseDelayMs?: number;
  timeoutMs?: number;
  log?: (message: string) => void;
}

/**
 * Delivers callbacks in the background with retries and exponential backoff. A callback never delays or fails the
 * job that triggered it: `send` returns at once.
 */
export class CallbackSender {
  private readonly pending = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  constructor(private readonly options: CallbackOptions) {}

  send(request: CallbackRequest): void {
    const delivery = this.deliver(request).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Waits for deliveries in flight, up to `graceMs`, then abandons the rest. */
  async close(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.pending),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    this.controller.abort();
  }

  private async deliver(request: CallbackRequest): Promise<void> {
    const { retries, baseDelayMs = 1000, timeoutMs = 10_000, log } = this.options;
    const body = JSON.stringify(request.body);
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (this.controller.signal.aborted) return;
      try {
        const response = await fetch(request.url, {
          method: request.method,
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(timeoutMs)]),
        });
        await response.body?.cancel();
        if (response.ok) return;
        log?.(`callback ${request.url} answered ${response.status} (attempt ${attempt + 1})`);
      } catch (error) {
        log?.(`callback ${request.url} failed: ${(error as Error).message} (attempt ${attempt + 1})`);
      }
      if (attempt < retries) await sleep(baseDelayMs * 2 ** attempt, this.controller.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

import { createLlmClient, type LlmClient, type LlmSettings } from './client';

/**
 * The language model in use, changeable while the server runs (the desktop app's Settings). Jobs and live sessions
 * take `current()` when they start and keep that client to the end, so a change applies to the next one.
 */
export class LlmProvider {
  private client: LlmClient | null;

  constructor(settings: LlmSettings) {
    this.client = createLlmClient(settings);
  }

  /** The client for the configured endpoint, or null when none is configured. */
  current(): LlmClient | null {
    return this.client;
  }

  configure(settings: LlmSettings): void {
    this.client = createLlmClient(settings);
  }
}

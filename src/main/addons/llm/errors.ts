import { AddonError } from '../run-addon';

/** No language model is configured, or the configured one cannot be used as set up (wrapper status 501). */
export class LlmNotConfiguredError extends AddonError {
  constructor(message: string) {
    super(501, message);
  }
}

/** The endpoint answered with an error, an unusable answer, or could not be reached (502). */
export class LlmUpstreamError extends AddonError {
  /** The endpoint's HTTP status, when it answered at all. */
  readonly upstreamStatus: number | undefined;

  constructor(message: string, upstreamStatus?: number, options?: { cause?: unknown }) {
    super(502, message, options);
    this.upstreamStatus = upstreamStatus;
  }
}

/** The model stopped because it ran out of output tokens: callers may retry with a smaller chunk. */
export class LlmTruncatedError extends LlmUpstreamError {}

/** The endpoint did not answer within `--llm-timeout` (504). */
export class LlmTimeoutError extends AddonError {
  constructor(message: string) {
    super(504, message);
  }
}

/** How to configure an endpoint, for the message an LLM add-on gives when none is set. */
export const LLM_SETUP_HINT =
  'start the server with --llm-url <base URL> (any OpenAI-compatible endpoint such as Ollama at ' +
  'http://127.0.0.1:11434/v1, a llama.cpp server or LM Studio) and optionally --llm-model <name> ' +
  "(or set LLM_URL and LLM_MODEL), or set the language model in the app's Settings";

/** The error an LLM add-on fails with when the server has no language model configured. */
export function llmNotConfigured(addon: string): LlmNotConfiguredError {
  return new LlmNotConfiguredError(`The ${addon} add-on needs a language model: ${LLM_SETUP_HINT}`);
}

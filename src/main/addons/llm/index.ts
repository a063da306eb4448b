// The language-model layer of the LLM add-ons (audio_to_llm, structured_data_extraction, name_consistency,
// translation, abstractive summaries): an OpenAI-compatible chat client and the chunking they share.
export {
  createLlmClient,
  LLM_DEFAULTS,
  probeLlm,
  type LlmProbe,
  type ChatMessage,
  type CompleteOptions,
  type LlmClient,
  type LlmSettings,
} from './client';
export {
  LLM_SETUP_HINT,
  llmNotConfigured,
  LlmNotConfiguredError,
  LlmTimeoutError,
  LlmTruncatedError,
  LlmUpstreamError,
} from './errors';
export { LlmProvider } from './provider';
export { summarizeWithLlm } from './summarize';

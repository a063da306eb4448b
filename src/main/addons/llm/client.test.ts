import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { runAddon } from '../run-addon';
import { createLlmClient, type LlmClient } from './client';
import { llmNotConfigured, LlmTimeoutError, LlmTruncatedError, LlmUpstreamError } from './errors';
import { startTestEndpoint, userText, type Responder, type TestEndpoint } from './test-endpoint';

let endpoint: TestEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const echo: Responder = (request) => `echo: ${userText(request)}`;
const ask = (llm: LlmClient, text = 'hello') => llm.complete([{ role: 'user', content: text }]);

async function start(responder: Responder = echo, options?: Parameters<typeof startTestEndpoint>[1]) {
  endpoint = await startTestEndpoint(responder, options);
  return endpoint;
}

async function failure(promise: Promise<unknown>): Promise<Error & { statusCode?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { statusCode?: number };
  }
  throw new Error('expected a rejection');
}

describe('createLlmClient', () => {
  it('returns null without a URL, and the add-ons then explain how to configure one', async () => {
    expect(createLlmClient({})).toBeNull();
    expect(createLlmClient({ llmUrl: '  ' })).toBeNull();
    const wrapper = await runAddon('translation', () => {
      throw llmNotConfigured('translation');
    });
    expect(wrapper.success).toBe(false);
    expect(wrapper.error?.status_code).toBe(501);
    expect(wrapper.error?.exception).toBe('LlmNotConfiguredError');
    expect(wrapper.error?.message).toMatch(
      /^The translation add-on needs a language model: start the server/,
    );
    expect(wrapper.error?.message).toContain('--llm-url');
    expect(wrapper.error?.message).toContain('Ollama');
  });

  it('is configured from the server flags and environment', async () => {
    const { url } = await start();
    const { config } = parseConfig(['--llm-url', url, '--llm-model', 'test-model'], {
      LLM_TIMEOUT_S: '7',
      LLM_CONTEXT_CHARS: '3000',
      LLM_API_KEY: 'sk-local-secret',
    });
    expect(config).toMatchObject({
      llmUrl: url,
      llmModel: 'test-model',
      llmTimeoutS: 7,
      llmContextChars: 3000,
    });
    expect(config.llmRetries).toBe(2);
    const llm = createLlmClient(config)!;
    expect(llm.contextChars).toBe(3000);
    expect(await ask(llm)).toBe('echo: hello');
    expect(endpoint!.requests[0]).toMatchObject({
      model: 'test-model',
      authorization: 'Bearer sk-local-secret',
    });
    expect(() => parseConfig(['--llm-url', 'ftp://x'], {})).toThrow(/--llm-url/);
    expect(() => parseConfig(['--llm-context-chars', '10'], {})).toThrow(/--llm-context-chars/);
  });
});

describe('LlmClient.complete', () => {
  it('uses the first model the endpoint lists when none is configured, and a requested one only if listed', async () => {
    const { url, requests } = await start(echo, { models: ['llama3.2', 'qwen2.5'] });
    const llm = createLlmClient({ llmUrl: url })!;
    await ask(llm);
    await llm.complete([{ role: 'user', content: 'x' }], { model: 'qwen2.5' });
    await llm.complete([{ role: 'user', content: 'x' }], { model: 'openai/gpt-4o-mini' });
    expect(requests.map((r) => r.model)).toEqual(['llama3.2', 'qwen2.5', 'llama3.2']);
    expect(requests[0]!.temperature).toBe(0);
  });

  it('retries an upstream 500 and a 429 with backoff, then succeeds', async () => {
    const { url, requests } = await start();
    const llm = createLlmClient({ llmUrl: url, llmModel: 'test-model', llmRetries: 2 })!;
    endpoint!.queue({ status: 500 }, { status: 429, headers: { 'retry-after-ms': '50' } });
    const started = Date.now();
    expect(await ask(llm, 'after failures')).toBe('echo: after failures');
    expect(requests).toHaveLength(3);
    // The first backoff is 375-500 ms (jittered), the second is the endpoint's retry-after-ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('gives up with 502 after the configured retries, and does not retry a 400', async () => {
    const { url, requests } = await start();
    const llm = createLlmClient({ llmUrl: url, llmModel: 'test-model', llmRetries: 1 })!;
    endpoint!.queue(
      { status: 503, body: { error: { message: 'model is loading' } }, headers: { 'retry-after': '0' } },
      { status: 503, body: { error: { message: 'model is loading' } }, headers: { 'retry-after': '0' } },
    );
    const error = await failure(ask(llm));
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error.statusCode).toBe(502);
    expect(error.message).toBe(`The language model "test-model" at ${url} answered 503: model is loading`);
    expect(requests).toHaveLength(2);

    endpoint!.queue({ status: 400, body: { error: { message: 'bad messages' } } });
    const bad = await failure(ask(llm));
    expect(bad.message).toContain('answered 400: bad messages');
    expect(requests).toHaveLength(3);
  });

  it('says which setting to check on 404 and 401', async () => {
    const { url } = await start();
    const missing = await failure(ask(createLlmClient({ llmUrl: url, llmModel: 'nope' })!));
    expect(missing.statusCode).toBe(502);
    expect(missing.message).toContain('answered 404 (check --llm-model');
    endpoint!.queue({ status: 401, body: { error: { message: 'invalid key' } } });
    const denied = await failure(ask(createLlmClient({ llmUrl: url, llmModel: 'test-model' })!));
    expect(denied.message).toContain('answered 401 (check --llm-api-key): invalid key');
  });

  it('times out with 504 and does not retry a timeout', async () => {
    const { url, requests } = await start();
    const llm = createLlmClient({ llmUrl: url, llmModel: 'test-model', llmTimeoutS: 0.3, llmRetries: 2 })!;
    endpoint!.queue({ delayMs: 3000, then: 'too late' });
    const started = Date.now();
    const error = await failure(ask(llm));
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect(error.statusCode).toBe(504);
    expect(error.message).toContain('did not answer within 0.3 s');
    expect(requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('reports an unreachable endpoint with 502 and how to check the URL', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const llm = createLlmClient({ llmUrl: `http://127.0.0.1:${port}/v1`, llmModel: 'm', llmRetries: 1 })!;
    const error = await failure(ask(llm));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(
      /^Could not reach the language model endpoint at http:\/\/127\.0\.0\.1:\d+\/v1/,
    );
    expect(error.message).toContain('is the server running');
  });

  it('asks for JSON mode and drops it for good once the endpoint rejects it', async () => {
    const { url, requests } = await start(() => '{"ok": true}', { rejectJsonMode: true });
    const llm = createLlmClient({ llmUrl: url, llmModel: 'test-model' })!;
    expect(await llm.complete([{ role: 'user', content: 'json please' }], { json: true })).toBe(
      '{"ok": true}',
    );
    await llm.complete([{ role: 'user', content: 'again' }], { json: true });
    expect(requests.map((r) => r.response_format?.type ?? null)).toEqual(['json_object', null, null]);
  });

  it('flags an answer cut off by the token limit, and strips reasoning blocks', async () => {
    const { url } = await start();
    const llm = createLlmClient({ llmUrl: url, llmModel: 'test-model' })!;
    endpoint!.queue({ content: 'half an ans', finishReason: 'length' });
    const cut = await failure(ask(llm));
    expect(cut).toBeInstanceOf(LlmTruncatedError);
    expect(cut.statusCode).toBe(502);
    endpoint!.queue('<think>\nthe user wants a greeting\n</think>\n\nBonjour');
    expect(await ask(llm)).toBe('Bonjour');
    endpoint!.queue('   ');
    expect((await failure(ask(llm))).message).toContain('answered with no text');
  });
});

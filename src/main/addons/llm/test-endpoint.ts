// Test helper: a real OpenAI-compatible HTTP endpoint on loopback (POST /v1/chat/completions, GET /v1/models)
// standing in for the external language model in the LLM add-ons' tests. Each test gives it a responder that
// answers deterministically from the prompt, and can queue failures, delays or truncated answers ahead of it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
  max_tokens?: number;
  authorization: string | undefined;
}

export type Reply =
  | string
  | { content: string; finishReason?: 'stop' | 'length' }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { delayMs: number; then: Reply };

export type Responder = (request: ChatRequest) => Reply | Promise<Reply>;

export interface TestEndpoint {
  /** The base URL to configure as `--llm-url` (ends in /v1). */
  url: string;
  /** Every chat request received, in order. */
  requests: ChatRequest[];
  /** Replies used before the responder, one per request. */
  queue(...replies: Reply[]): void;
  close(): Promise<void>;
}

export interface TestEndpointOptions {
  models?: string[];
  /** Answer 400 to `response_format`, as servers without JSON mode do. */
  rejectJsonMode?: boolean;
}

/** The last user message of a request. */
export const userText = (request: ChatRequest): string =>
  [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

/** The texts between triple quotes in the user message (request, transcript, notes), in order. */
export const quotedBlocks = (request: ChatRequest): string[] =>
  [...userText(request).matchAll(/"""\n([\s\S]*?)\n"""/g)].map((m) => m[1]!);

/** Characters of all messages of a request, to compare with the context size. */
export const promptChars = (request: ChatRequest): number =>
  request.messages.reduce((sum, m) => sum + m.content.length, 0);

export async function startTestEndpoint(
  responder: Responder,
  options: TestEndpointOptions = {},
): Promise<TestEndpoint> {
  const requests: ChatRequest[] = [];
  const queued: Reply[] = [];
  const models = options.models ?? ['test-model'];

  const send = async (res: ServerResponse, reply: Reply, model: string): Promise<void> => {
    if (typeof reply === 'object' && 'delayMs' in reply) {
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed || res.writableEnded) return;
      return send(res, reply.then, model);
    }
    if (typeof reply === 'object' && 'status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: `test endpoint status ${reply.status}` } }));
      return;
    }
    const { content, finishReason = 'stop' } = typeof reply === 'string' ? { content: reply } : reply;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      }),
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0 })) }),
      );
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return send(res, { status: 404, body: { error: { message: `no route ${req.method} ${path}` } } }, '');
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<ChatRequest, 'authorization'>;
    const request: ChatRequest = { ...body, authorization: req.headers.authorization };
    requests.push(request);
    if (options.rejectJsonMode && body.response_format) {
      return send(
        res,
        { status: 400, body: { error: { message: "'response_format' is not supported" } } },
        '',
      );
    }
    if (!models.includes(body.model)) {
      return send(res, { status: 404, body: { error: { message: `model "${body.model}" not found` } } }, '');
    }
    const reply = queued.shift() ?? (await responder(request));
    await send(res, reply, body.model);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...replies) => queued.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

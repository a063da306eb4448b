import { BridgeError, type BridgeErrorCode } from '../../../shared/ipc/errors';
import type { UploadOptions } from '../../../shared/ipc/files';

/** The API's error body (PROTOCOL §7), plus `code` on /app routes. */
interface ErrorBody {
  message?: unknown;
  statusCode?: unknown;
  validation_errors?: unknown;
  code?: unknown;
}

async function toBridgeError(response: Response): Promise<BridgeError> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new BridgeError({
    status: response.status,
    message:
      typeof body.message === 'string' ? body.message : `Request failed with status ${response.status}`,
    ...(Array.isArray(body.validation_errors)
      ? { validationErrors: body.validation_errors.filter((e): e is string => typeof e === 'string') }
      : {}),
    ...(typeof body.code === 'string' ? { code: body.code as BridgeErrorCode } : {}),
  });
}

const networkError = (error: unknown): BridgeError =>
  error instanceof DOMException && error.name === 'AbortError'
    ? new BridgeError({ status: 0, code: 'aborted', message: 'Cancelled' })
    : new BridgeError({
        status: 0,
        code: 'network',
        message: `The server cannot be reached: ${(error as Error)?.message ?? String(error)}`,
      });

/** fetch with the key header; failures become `BridgeError`s carrying the API's status and validation errors. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private key: () => string | null,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const key = this.key();
    return { ...(key ? { 'x-gladia-key': key } : {}), ...extra };
  }

  async request(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw networkError(error);
    }
    if (!response.ok) throw await toBridgeError(response);
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    return (await response.json()) as T;
  }

  async empty(method: string, path: string, body?: unknown): Promise<void> {
    const response = await this.request(method, path, body);
    await response.arrayBuffer();
  }

  /** A multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
  upload<T>(path: string, field: string, file: File, options: UploadOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${this.baseUrl}${path}`);
      for (const [name, value] of Object.entries(this.headers())) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : file.size;
        options.onProgress?.({ loaded: event.loaded, total, fraction: total ? event.loaded / total : 0 });
      };
      xhr.onload = () => {
        const response = new Response(xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        });
        if (response.ok) void response.json().then((value) => resolve(value as T), reject);
        else void toBridgeError(response).then(reject);
      };
      xhr.onerror = () => reject(networkError(new Error('upload failed')));
      xhr.onabort = () =>
        reject(new BridgeError({ status: 0, code: 'aborted', message: 'Upload cancelled' }));
      if (options.signal?.aborted) return xhr.onabort(new ProgressEvent('abort'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      const form = new FormData();
      form.append(field, file, file.name);
      xhr.send(form);
    });
  }
}

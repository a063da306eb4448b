import { afterEach } from 'vitest';
import {
  startTestEndpoint,
  type Responder,
  type TestEndpoint,
  type TestEndpointOptions,
} from './test-endpoint';

/**
 * For test files whose tests each start their own loopback endpoint: returns the function that starts one, and
 * closes it after the test (kept apart from test-endpoint.ts, which runs outside vitest too, e.g. in the bench).
 */
export function endpointPerTest(): (
  responder: Responder,
  options?: TestEndpointOptions,
) => Promise<TestEndpoint> {
  let current: TestEndpoint | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (responder, options) => (current = await startTestEndpoint(responder, options));
}

import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { getBridge, resetBridge, storeApiKey } from './bridge';
import { BridgeProvider } from './bridge-context';
import { KeyPrompt } from './KeyPrompt';
import { errorInfo } from './lib/errors';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

function askKey(refused = false): Promise<string | null> {
  return new Promise((resolve) => root.render(<KeyPrompt refused={refused} onKey={resolve} />));
}

let asking = false;

/** A 401 in the browser means the stored key is wrong or stale (regenerated elsewhere): ask again, once. */
function onError(error: unknown): void {
  if (errorInfo(error).status !== 401 || window.bridgeIpc || asking) return;
  storeApiKey(null);
  resetBridge();
  void start(true);
}

async function start(refused = false): Promise<void> {
  asking = true;
  const bridge = await getBridge(() => askKey(refused));
  asking = false;
  if (!bridge) return void start(refused);
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 2_000,
        retry: (failures, error) => failures < 2 && errorInfo(error).status >= 500,
      },
    },
  });
  render(root, client, bridge);
}

function render(
  target: Root,
  client: QueryClient,
  bridge: NonNullable<Awaited<ReturnType<typeof getBridge>>>,
) {
  target.render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <BridgeProvider bridge={bridge}>
          <App />
        </BridgeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();

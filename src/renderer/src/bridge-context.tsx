import { createContext, useContext, type ReactNode } from 'react';
import type { Bridge } from '../../shared/ipc/contract';

// Screens reach the core only through this context, so the same screens run over Electron IPC or HTTP.
const BridgeContext = createContext<Bridge | null>(null);

export function BridgeProvider({ bridge, children }: { bridge: Bridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

export function useBridge(): Bridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge outside BridgeProvider');
  return bridge;
}

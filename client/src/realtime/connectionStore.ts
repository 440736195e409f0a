import { create } from 'zustand';

/** The tab's live-update connection, for the small indicator shown when it is down. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

interface ConnectionState {
  status: ConnectionStatus;
  /** Set once the first connection succeeded: before that, "disconnected" is just "not yet". */
  everConnected: boolean;
  setStatus(status: ConnectionStatus): void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: 'idle',
  everConnected: false,
  setStatus: (status) => set((state) => ({ status, everConnected: state.everConnected || status === 'connected' })),
}));

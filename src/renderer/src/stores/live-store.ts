import { create } from 'zustand';
import type {
  LiveCaptionEvent,
  LiveLevelEvent,
  LiveState,
  LiveStateEvent,
} from '../../../shared/ipc/contract';
import type { Utterance } from '../../../shared/transcript';

export interface Caption {
  id: string;
  utterance: Utterance;
}

interface LiveSession {
  sessionId: string | null;
  state: LiveState | 'idle';
  elapsedS: number;
  error: string | null;
  /** Settled utterances, oldest first. */
  finals: Caption[];
  /** Utterances still being recognised, by utterance id (one per channel at most, in practice). */
  partials: Record<string, Caption>;
  level: { rms: number; peak: number };
  /** While recording: when (Date.now()) the core last reported `elapsedS`, so the clock can tick in between. */
  clockBase: number | null;
}

interface LiveStore extends LiveSession {
  /** Before `live.start`: forget the last session; the first event or `begin` adopts the new id. */
  prepare(): void;
  begin(sessionId: string): void;
  fail(message: string): void;
  onCaption(event: LiveCaptionEvent): void;
  onLevel(event: LiveLevelEvent): void;
  onState(event: LiveStateEvent): void;
  clear(): void;
}

const IDLE: LiveSession = {
  sessionId: null,
  state: 'idle',
  elapsedS: 0,
  error: null,
  finals: [],
  partials: {},
  level: { rms: 0, peak: 0 },
  clockBase: null,
};

/** Events of another (older) session are ignored: a late message must not leak into the new one. */
const mine = (current: string | null, sessionId: string): boolean =>
  current === null || current === sessionId;

export const useLive = create<LiveStore>()((set, get) => ({
  ...IDLE,
  prepare: () => set({ ...IDLE, state: 'connecting' }),
  begin: (sessionId) => {
    if (get().sessionId !== sessionId) set({ sessionId });
  },
  fail: (message) => set({ state: 'error', error: message }),
  onCaption: (event) => {
    const { sessionId, finals, partials } = get();
    if (!mine(sessionId, event.sessionId)) return;
    const caption = { id: event.utteranceId, utterance: event.utterance };
    const { [event.utteranceId]: _settled, ...rest } = partials;
    if (event.isFinal) set({ finals: [...finals, caption], partials: rest });
    else set({ partials: { ...partials, [event.utteranceId]: caption } });
  },
  onLevel: (event) => {
    if (mine(get().sessionId, event.sessionId)) set({ level: { rms: event.rms, peak: event.peak } });
  },
  onState: (event) => {
    if (!mine(get().sessionId, event.sessionId)) return;
    set({
      sessionId: event.sessionId,
      state: event.state,
      elapsedS: event.elapsedS,
      error: event.error,
      clockBase: event.state === 'recording' ? Date.now() : null,
      ...(event.state === 'ended' || event.state === 'error'
        ? { level: { rms: 0, peak: 0 }, partials: {} }
        : {}),
    });
  },
  clear: () => set(IDLE),
}));

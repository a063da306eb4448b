import { beforeEach, describe, expect, it } from 'vitest';
import type { Utterance } from '../../../shared/transcript';
import { useLive } from './live-store';

const utterance = (text: string, start = 0): Utterance => ({
  start,
  end: start + 1,
  confidence: 0.9,
  channel: 0,
  words: [],
  text,
  language: 'en',
});

const caption = (sessionId: string, utteranceId: string, text: string, isFinal: boolean) => ({
  sessionId,
  utteranceId,
  isFinal,
  utterance: utterance(text),
});

describe('live captions store', () => {
  beforeEach(() => useLive.getState().clear());

  it('replaces a partial by its final and keeps finals in order', () => {
    const live = useLive.getState();
    live.prepare();
    live.onState({ sessionId: 's1', state: 'recording', elapsedS: 0, error: null });
    live.onCaption(caption('s1', 'u1', 'and so', false));
    live.onCaption(caption('s1', 'u1', 'and so my fellow', false));
    expect(Object.values(useLive.getState().partials).map((c) => c.utterance.text)).toEqual([
      'and so my fellow',
    ]);
    live.onCaption(caption('s1', 'u1', 'And so my fellow americans', true));
    live.onCaption(caption('s1', 'u2', 'ask not', false));
    const state = useLive.getState();
    expect(state.finals.map((c) => c.utterance.text)).toEqual(['And so my fellow americans']);
    expect(Object.keys(state.partials)).toEqual(['u2']);
    expect(state.sessionId).toBe('s1');
    expect(state.clockBase).not.toBeNull();
  });

  it('ignores late events of an earlier session and clears partials when a session ends', () => {
    const live = useLive.getState();
    live.prepare();
    live.begin('s2');
    live.onCaption(caption('s1', 'old', 'late words', true));
    live.onLevel({ sessionId: 's1', rms: 0.5, peak: 0.9 });
    expect(useLive.getState().finals).toEqual([]);
    expect(useLive.getState().level.rms).toBe(0);
    live.onCaption(caption('s2', 'u1', 'partial', false));
    live.onState({ sessionId: 's2', state: 'ended', elapsedS: 12.5, error: null });
    const state = useLive.getState();
    expect(state.partials).toEqual({});
    expect(state.elapsedS).toBe(12.5);
    expect(state.clockBase).toBeNull();
  });
});

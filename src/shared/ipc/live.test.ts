import { describe, expect, it } from 'vitest';
import type { Utterance } from '../transcript';
import { captionOf } from './live';

const utterance: Utterance = {
  start: 0.5,
  end: 1.2,
  confidence: 0.9,
  channel: 0,
  language: 'en',
  text: 'Hello there',
  words: [
    { word: 'Hello', start: 0.5, end: 0.8, confidence: 0.9 },
    { word: ' there', start: 0.8, end: 1.2, confidence: 0.9 },
  ],
};

describe('captionOf', () => {
  it('turns a transcript message, partial or final, into a caption of the session', () => {
    const final = JSON.stringify({ type: 'transcript', data: { id: '00_3', is_final: true, utterance } });
    expect(captionOf('s1', final)).toEqual({
      sessionId: 's1',
      utteranceId: '00_3',
      isFinal: true,
      utterance,
    });
    const partial = JSON.stringify({ type: 'transcript', data: { id: '00_4', is_final: false, utterance } });
    expect(captionOf('s1', partial)).toMatchObject({ utteranceId: '00_4', isFinal: false });
  });

  it('ignores other messages, transcripts without an utterance and text that is not JSON', () => {
    expect(captionOf('s1', JSON.stringify({ type: 'audio_chunk', acknowledged: true }))).toBeNull();
    expect(captionOf('s1', JSON.stringify({ type: 'transcript', data: { id: '00_5' } }))).toBeNull();
    expect(captionOf('s1', 'not json')).toBeNull();
  });
});

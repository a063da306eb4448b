import { describe, expect, it } from 'vitest';
import type { ApiJob } from '../../shared/ipc/jobs';
import type { Utterance } from '../../shared/transcript';
import { exportJob } from './export';

const word = (text: string, start: number) => ({
  word: ` ${text}`,
  start,
  end: start + 0.4,
  confidence: 0.9,
});
const utterance = (text: string, start: number, extra: Partial<Utterance>): Utterance => ({
  start,
  end: start + 0.4 * text.split(' ').length,
  confidence: 0.9,
  channel: 0,
  language: 'en',
  text,
  words: text.split(' ').map((w, i) => word(w, start + i * 0.4)),
  ...extra,
});

function job(utterances: Utterance[], overrides: Partial<ApiJob> = {}): ApiJob {
  return {
    id: '0f8e4b52-0000-4000-8000-000000000000',
    request_id: 'G-00000000',
    version: 2,
    status: 'done',
    created_at: '2025-01-01T00:00:00.000Z',
    completed_at: '2025-01-01T00:00:05.000Z',
    custom_metadata: null,
    error_code: null,
    post_session_metadata: {},
    kind: 'pre-recorded',
    file: {
      id: 'f',
      filename: 'Interview: take 1.m4a',
      source: null,
      audio_duration: 4,
      number_of_channels: 1,
    },
    request_params: {},
    result: {
      metadata: { audio_duration: 4, number_of_distinct_channels: 1, billing_time: 4, transcription_time: 1 },
      transcription: {
        full_transcript: utterances.map((u) => u.text).join(' '),
        languages: ['en'],
        utterances,
      },
    },
    ...overrides,
  };
}

describe('exportJob', () => {
  it('labels speakers in TXT when there are several, and names the file after the upload', () => {
    const file = exportJob(
      job([utterance('hello there', 0, { speaker: 0 }), utterance('hi how are you', 1, { speaker: 1 })]),
      'txt',
    );
    expect(file.filename).toBe('Interview_ take 1.txt');
    expect(file.content).toBe('Speaker 1: hello there\nSpeaker 2: hi how are you\n');
  });

  it('labels channels of multi-channel audio, and leaves a single voice unlabelled', () => {
    const channels = exportJob(
      job([utterance('left', 0, { channel: 0 }), utterance('right', 1, { channel: 1 })]),
      'txt',
    );
    expect(channels.content).toBe('Channel 1: left\nChannel 2: right\n');
    expect(exportJob(job([utterance('just me', 0, {})]), 'txt').content).toBe('just me\n');
  });

  it('builds SRT and VTT from the words when the job did not ask for subtitles', () => {
    const srt = exportJob(job([utterance('hello there', 0, {})]), 'srt');
    expect(srt.content).toBe('1\n00:00:00,000 --> 00:00:01,000\nhello there\n\n');
    expect(exportJob(job([utterance('hello there', 0, {})]), 'vtt').content).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nhello there\n\n',
    );
  });

  it('refuses a transcript export of a job that has not finished, but exports its JSON', () => {
    const running = job([], { status: 'processing', result: null, kind: 'live', file: null });
    expect(() => exportJob(running, 'srt')).toThrow(/is processing/);
    const json = exportJob(running, 'json');
    expect(json.filename).toBe('transcript-0f8e4b52.json');
    expect(JSON.parse(json.content)).toEqual(running);
  });
});

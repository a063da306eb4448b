import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hotword } from './protocol';

/** sherpa-onnx score per token for boost 1 (boost is the API's 0..1 intensity; sherpa's default is 1.5). */
const MAX_SCORE = 5;
const MAX_PHRASES = 1000;

/**
 * The hotwords file body for a model, or '' when nothing is left to boost. Phrases are reduced to letters,
 * digits and apostrophes (anything else cannot be spelt in a model's vocabulary) and upper-cased for models
 * that only know capitals.
 */
export function hotwordsText(hotwords: Hotword[], upperCase: boolean): string {
  const best = new Map<string, number>();
  for (const { phrase, boost } of hotwords) {
    let text = phrase
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}']+/gu, ' ')
      .trim();
    // Capitals-only models are English: spell "Zoë" as "ZOE", which their vocabulary has.
    if (upperCase)
      text = text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toUpperCase();
    const score =
      Math.round(Math.min(1, Math.max(0, Number.isFinite(boost) ? boost : 0)) * MAX_SCORE * 100) / 100;
    if (text === '' || score <= 0) continue;
    best.set(text, Math.max(score, best.get(text) ?? 0));
  }
  return [...best]
    .slice(0, MAX_PHRASES)
    .map(([text, score]) => `${text} :${score}\n`)
    .join('');
}

/** Writes the body once under a name derived from it and returns the path (sherpa-onnx reads a file). */
export function hotwordsFile(text: string, dir = join(tmpdir(), 'local-transcribe-hotwords')): string {
  const target = join(dir, `${createHash('sha1').update(text).digest('hex')}.txt`);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temp, text);
  renameSync(temp, target);
  return target;
}

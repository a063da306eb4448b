import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../test/helpers/paths';
import { ensureBpeVocab, isValidVocab, sentencepiecePieces } from './bpe-vocab';
import { hotwordsFile, hotwordsText } from './hotwords';

const BPE = join(MODELS_DIR, 'sherpa-onnx-kws-zipformer-gigaspeech-3.3M-2024-01-01-mobile', 'bpe.model');
const scratch = mkdtempSync(join(tmpdir(), 'engine-hotwords-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('hotwordsText', () => {
  it('writes one phrase per line with a score from the 0..1 intensity', () => {
    expect(
      hotwordsText(
        [
          { phrase: 'Dashwood', boost: 0.5 },
          { phrase: 'ill disposed', boost: 1 },
        ],
        true,
      ),
    ).toBe('DASHWOOD :2.5\nILL DISPOSED :5\n');
  });

  it('strips characters a vocabulary cannot spell, merges duplicates and drops empty or zero-boost phrases', () => {
    const text = hotwordsText(
      [
        { phrase: '  Zoë, the "O\'Neil" — co.  ', boost: 0.2 },
        { phrase: "zoë the o'neil co", boost: 0.4 },
        { phrase: '?!', boost: 1 },
        { phrase: 'ignored', boost: 0 },
        { phrase: 'capped', boost: 7 },
        { phrase: 'nan', boost: Number.NaN },
      ],
      true,
    );
    expect(text).toBe("ZOE THE O'NEIL CO :2\nCAPPED :5\n");
    expect(hotwordsText([{ phrase: 'Keep Case', boost: 0.5 }], false)).toBe('Keep Case :2.5\n');
  });

  it('stores a body once under a name derived from it', () => {
    const a = hotwordsFile('A :1\n', scratch);
    expect(hotwordsFile('A :1\n', scratch)).toBe(a);
    expect(readFileSync(a, 'utf8')).toBe('A :1\n');
    expect(hotwordsFile('B :1\n', scratch)).not.toBe(a);
  });
});

describe('sentencepiece vocabulary', () => {
  it('reads the pieces and scores of a real bpe.model', () => {
    const pieces = sentencepiecePieces(readFileSync(BPE));
    const tokens = readFileSync(join(BPE, '..', 'tokens.txt'), 'utf8')
      .trim()
      .split('\n');
    expect(pieces).toHaveLength(tokens.length);
    // tokens.txt lists the same pieces in the same order.
    pieces.forEach((p, i) => expect(tokens[i]!.split(' ')[0]).toBe(p.piece));
    expect(pieces.find((p) => p.piece === '▁THE')!.score).toBeLessThan(0);
  });

  it('converts a model once into a valid text vocabulary', () => {
    const dir = join(scratch, 'vocab');
    const path = ensureBpeVocab(BPE, dir);
    expect(isValidVocab(readFileSync(path, 'utf8'))).toBe(true);
    expect(ensureBpeVocab(BPE, dir)).toBe(path);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('rejects what is not a sentencepiece model or vocabulary', () => {
    expect(() => sentencepiecePieces(Buffer.from('not a protobuf at all'))).toThrow();
    expect(() => sentencepiecePieces(new Uint8Array(0))).toThrow(/no pieces/);
    expect(isValidVocab('▁THE -3.2\nS\n')).toBe(false);
    expect(isValidVocab('')).toBe(false);
  });
});

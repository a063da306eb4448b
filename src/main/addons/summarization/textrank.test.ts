import { describe, expect, it } from 'vitest';
import { cosine, pageRank, similarityGraph, textRank, tfidfVectors } from './textrank';

const norm = (v: Map<string, number>): number => Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));

describe('tfidfVectors', () => {
  it('gives unit vectors that weigh rare terms above common ones', () => {
    const [a] = tfidfVectors([
      ['budget', 'launch'],
      ['budget', 'hiring'],
      ['budget', 'crash'],
    ]);
    expect(norm(a!)).toBeCloseTo(1, 10);
    expect(a!.get('launch')!).toBeGreaterThan(a!.get('budget')!);
  });

  it('gives an empty vector to a sentence without terms', () => {
    expect(tfidfVectors([[], ['x']])[0]!.size).toBe(0);
  });
});

describe('cosine and similarityGraph', () => {
  it('agree: 1 for identical sentences, 0 for disjoint ones, symmetric edges', () => {
    const vectors = tfidfVectors([['a', 'b'], ['a', 'b'], ['c'], ['a', 'c']]);
    expect(cosine(vectors[0]!, vectors[1]!)).toBeCloseTo(1, 10);
    expect(cosine(vectors[0]!, vectors[2]!)).toBe(0);
    const graph = similarityGraph(vectors);
    expect(graph[0]!.get(1)).toBeCloseTo(1, 10);
    expect(graph[0]!.has(2)).toBe(false);
    expect(graph[3]!.get(2)).toBeCloseTo(cosine(vectors[3]!, vectors[2]!), 10);
    expect(graph[2]!.get(3)).toBeCloseTo(graph[3]!.get(2)!, 10);
  });
});

describe('pageRank', () => {
  it('ranks the hub of a star first, sums to 1, and treats isolated nodes alike', () => {
    const hub = new Map([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    const graph = [hub, new Map([[0, 1]]), new Map([[0, 1]]), new Map([[0, 1]]), new Map(), new Map()];
    const rank = pageRank(graph);
    expect(rank.reduce((s, r) => s + r, 0)).toBeCloseTo(1, 6);
    expect(Math.max(...rank)).toBe(rank[0]);
    expect(rank[1]).toBeCloseTo(rank[2]!, 10);
    expect(rank[4]).toBeCloseTo(rank[5]!, 10);
    expect(rank[4]).toBeLessThan(rank[1]!);
  });

  it('is empty for no nodes', () => {
    expect(pageRank([])).toEqual([]);
    expect(textRank([])).toEqual([]);
  });
});

describe('textRank', () => {
  it('puts first the sentence that shares the most with the others', () => {
    const scores = textRank([
      ['budget', 'quarter'],
      ['budget', 'launch', 'hiring', 'crash'],
      ['launch', 'march'],
      ['hiring', 'engineer'],
      ['crash', 'android'],
      ['weather', 'nice'],
    ]);
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(scores.indexOf(Math.min(...scores))).toBe(5);
  });
});

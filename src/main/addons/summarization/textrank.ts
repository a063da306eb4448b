// TextRank (Mihalcea & Tarau, 2004) over sentences: sentences are nodes, edges are weighted by the cosine
// similarity of their TF-IDF vectors, and PageRank finds the sentences the rest of the text keeps coming back to.

export type SparseVector = Map<string, number>;

/** L2-normalised TF-IDF vectors of term lists (log-scaled term frequency, smoothed IDF). */
export function tfidfVectors(docs: string[][]): SparseVector[] {
  const df = new Map<string, number>();
  for (const terms of docs) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length;
  return docs.map((terms) => {
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    const vector: SparseVector = new Map();
    let norm = 0;
    for (const [term, count] of tf) {
      const weight = (1 + Math.log(count)) * (Math.log((1 + n) / (1 + df.get(term)!)) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

/** Cosine similarity of two normalised sparse vectors. */
export function cosine(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

/**
 * Similarity of every pair of vectors that share a term, as adjacency lists. Built from an inverted index so
 * the cost follows the pairs that do share terms, not the square of the sentence count.
 */
export function similarityGraph(vectors: SparseVector[]): Array<Map<number, number>> {
  const postings = new Map<string, Array<[number, number]>>();
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push([i, weight]);
    }
  });
  const graph = vectors.map(() => new Map<number, number>());
  for (const list of postings.values()) {
    for (let x = 0; x < list.length; x++) {
      const [i, wi] = list[x]!;
      for (let y = x + 1; y < list.length; y++) {
        const [j, wj] = list[y]!;
        const add = wi * wj;
        graph[i]!.set(j, (graph[i]!.get(j) ?? 0) + add);
        graph[j]!.set(i, (graph[j]!.get(i) ?? 0) + add);
      }
    }
  }
  return graph;
}

export interface PageRankOptions {
  damping?: number;
  tolerance?: number;
  maxIterations?: number;
}

/** Weighted PageRank; nodes without edges share their rank out evenly. Scores sum to 1. */
export function pageRank(graph: Array<Map<number, number>>, options: PageRankOptions = {}): number[] {
  const { damping = 0.85, tolerance = 1e-6, maxIterations = 100 } = options;
  const n = graph.length;
  if (n === 0) return [];
  const outWeight = graph.map((edges) => [...edges.values()].reduce((sum, w) => sum + w, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += rank[i]!;
    const next = new Array<number>(n).fill((1 - damping) / n + (damping * dangling) / n);
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) continue;
      const share = (damping * rank[i]!) / outWeight[i]!;
      for (const [j, w] of graph[i]!) next[j]! += share * w;
    }
    const change = next.reduce((sum, value, i) => sum + Math.abs(value - rank[i]!), 0);
    rank = next;
    if (change < tolerance) break;
  }
  return rank;
}

/** TextRank scores of term lists, one per sentence. */
export function textRank(docs: string[][], options?: PageRankOptions): number[] {
  return pageRank(similarityGraph(tfidfVectors(docs)), options);
}

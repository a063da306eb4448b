// Full-covariance Gaussian statistics of MFCC frames and the Bayesian information criterion between them
// (Chen & Gopalakrishnan, "Speaker, environment and channel change detection and clustering via the Bayesian
// information criterion", 1998): the built-in, model-free way of telling whether two stretches of speech
// come from one voice.

export interface GaussianStats {
  dims: number;
  n: number;
  sum: Float64Array;
  /** Σ x·xᵀ, row-major dims × dims. */
  scatter: Float64Array;
}

export function emptyStats(dims: number): GaussianStats {
  return { dims, n: 0, sum: new Float64Array(dims), scatter: new Float64Array(dims * dims) };
}

export function addFrame(stats: GaussianStats, frame: ArrayLike<number>): void {
  const d = stats.dims;
  stats.n++;
  for (let i = 0; i < d; i++) {
    const xi = frame[i]!;
    stats.sum[i]! += xi;
    for (let j = 0; j < d; j++) stats.scatter[i * d + j]! += xi * frame[j]!;
  }
}

export function mergeStats(a: GaussianStats, b: GaussianStats): GaussianStats {
  return {
    dims: a.dims,
    n: a.n + b.n,
    sum: a.sum.map((v, i) => v + b.sum[i]!),
    scatter: a.scatter.map((v, i) => v + b.scatter[i]!),
  };
}

/** Mean and covariance; `weight` rescales the statistics as if they held that many frames. */
function moments(s: GaussianStats): { mean: Float64Array; cov: Float64Array } {
  const d = s.dims;
  const mean = s.sum.map((v) => v / s.n);
  const cov = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) cov[i * d + j] = s.scatter[i * d + j]! / s.n - mean[i]! * mean[j]!;
  }
  return { mean, cov };
}

/** Lower Cholesky factor of a covariance, with a small ridge so that short stretches stay invertible. */
function cholesky(cov: Float64Array, d: number): Float64Array {
  let trace = 0;
  for (let i = 0; i < d; i++) trace += cov[i * d + i]!;
  const ridge = Math.max(1e-9, (1e-4 * trace) / d);
  const l = new Float64Array(d * d);
  for (let j = 0; j < d; j++) {
    let diag = cov[j * d + j]! + ridge;
    for (let k = 0; k < j; k++) diag -= l[j * d + k]! ** 2;
    const root = Math.sqrt(Math.max(diag, ridge));
    l[j * d + j] = root;
    for (let i = j + 1; i < d; i++) {
      let v = cov[i * d + j]!;
      for (let k = 0; k < j; k++) v -= l[i * d + k]! * l[j * d + k]!;
      l[i * d + j] = v / root;
    }
  }
  return l;
}

function logDet(l: Float64Array, d: number): number {
  let sum = 0;
  for (let i = 0; i < d; i++) sum += 2 * Math.log(l[i * d + i]!);
  return sum;
}

/**
 * Beyond this many frames (about 30 s) a stretch counts as this many in the criterion: the likelihood term grows
 * with the frame count while the penalty grows with its logarithm, so long clusters of one voice would
 * otherwise look more and more unlike each other.
 */
const MAX_EFFECTIVE_FRAMES = 600;

/**
 * The likelihood-ratio gain of modelling two stretches with two Gaussians instead of one, divided by BIC's
 * penalty for the extra parameters: above 1, plain BIC says "two voices". Symmetric, scale-free.
 */
export function bicRatio(a: GaussianStats, b: GaussianStats): number {
  const d = a.dims;
  const na = Math.min(a.n, MAX_EFFECTIVE_FRAMES);
  const nb = Math.min(b.n, MAX_EFFECTIVE_FRAMES);
  const ma = moments(a);
  const mb = moments(b);
  const n = na + nb;
  const mean = ma.mean.map((v, i) => (na * v + nb * mb.mean[i]!) / n);
  const pooled = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) {
      const k = i * d + j;
      const ea = ma.cov[k]! + ma.mean[i]! * ma.mean[j]!;
      const eb = mb.cov[k]! + mb.mean[i]! * mb.mean[j]!;
      pooled[k] = (na * ea + nb * eb) / n - mean[i]! * mean[j]!;
    }
  }
  const gain =
    0.5 *
    (n * logDet(cholesky(pooled, d), d) -
      na * logDet(cholesky(ma.cov, d), d) -
      nb * logDet(cholesky(mb.cov, d), d));
  const penalty = 0.5 * (d + (d * (d + 1)) / 2) * Math.log(n);
  return gain / penalty;
}

/** Mean log-likelihood per frame of the frames summed in `x` under the Gaussian fitted to `model`. */
export function meanLogLikelihood(x: GaussianStats, model: GaussianStats): number {
  const d = model.dims;
  const { mean, cov } = moments(model);
  const l = cholesky(cov, d);
  // Σ (x−μ)(x−μ)ᵀ from the sums, then tr(Σ⁻¹·S) through the Cholesky factor column by column.
  const s = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) {
      s[i * d + j] =
        x.scatter[i * d + j]! - x.sum[i]! * mean[j]! - mean[i]! * x.sum[j]! + x.n * mean[i]! * mean[j]!;
    }
  }
  let trace = 0;
  const column = new Float64Array(d);
  for (let c = 0; c < d; c++) {
    // Solve L·y = S[:, c], then Lᵀ·z = y; add z[c].
    for (let i = 0; i < d; i++) {
      let v = s[i * d + c]!;
      for (let k = 0; k < i; k++) v -= l[i * d + k]! * column[k]!;
      column[i] = v / l[i * d + i]!;
    }
    for (let i = d - 1; i >= 0; i--) {
      let v = column[i]!;
      for (let k = i + 1; k < d; k++) v -= l[k * d + i]! * column[k]!;
      column[i] = v / l[i * d + i]!;
    }
    trace += column[c]!;
  }
  return -0.5 * (d * Math.log(2 * Math.PI) + logDet(l, d) + trace / x.n);
}

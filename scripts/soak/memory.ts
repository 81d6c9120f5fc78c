/**
 * The server's memory over a soak: its RSS read from /proc/<pid>/status (VmRSS) every few
 * seconds, its heap from the probe it was started with (memory-probe.mjs), and the rule that
 * decides whether memory stayed flat after the warm-up.
 *
 * The rule ("memory flat after warm-up"), applied to RSS:
 *   - warm-up: the first 20% of the load phase (the shoppers arrive during it, caches fill);
 *   - baseline ("at warm-up end"): the median of the samples in the last half of the warm-up
 *     (10% to 20% of the run); end: the median of the samples in the last 10% of the run. Both
 *     windows are medians over 30 s of a 5-minute run, since RSS follows the heap's sawtooth
 *     (tens of MB between major collections) and a single sample says little;
 *   - growth = end / baseline - 1;
 *   - still climbing: the least-squares line through the samples of the second half of the
 *     post-warm-up window rises by more than 5% of the baseline across that half;
 *   - it fails when growth > 25% AND it is still climbing. A step that levels off (a cache
 *     filling up) passes; so does a slow drift that stays under 25% over the run.
 * The heap gets the same figures, taken on the lows of windows of up to 30 s (the heap is a
 * sawtooth between collections and its lows are what survives them); they are reported, not
 * judged.
 */
import fs from 'node:fs';

export const WARMUP_FRACTION = 0.2;
export const GROWTH_LIMIT_PCT = 25;
export const TAIL_RISE_LIMIT_PCT = 5;

export interface Sample {
  /** Seconds since the load phase started. */
  t: number;
  /** Bytes. */
  value: number;
}

export interface ProbeSample {
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

export interface MemoryFigures {
  samples: number;
  warmupEndS: number;
  /** Bytes. */
  baseline: number;
  end: number;
  peak: number;
  growthPct: number;
  /** Least-squares slope after the warm-up, in MB a minute. */
  slopeMbPerMin: number;
  /** Rise of the least-squares line across the second half of the post-warm-up window. */
  tailRisePct: number;
  stillClimbing: boolean;
  pass: boolean;
}

/** VmRSS of `pid` in bytes, or undefined once the process is gone. */
export function readRss(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Least-squares slope (value per second); 0 with fewer than two distinct times. */
function slopeOf(samples: Sample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mt = samples.reduce((s, x) => s + x.t, 0) / n;
  const mv = samples.reduce((s, x) => s + x.value, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.t - mt) * (x.value - mv);
    den += (x.t - mt) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** The lowest sample of each `windowS` window: a heap's level after its collections. */
export function lowsOf(samples: Sample[], windowS: number): Sample[] {
  const byWindow = new Map<number, Sample>();
  for (const s of samples) {
    const w = Math.floor(s.t / windowS);
    const low = byWindow.get(w);
    if (!low || s.value < low.value) byWindow.set(w, s);
  }
  return [...byWindow.values()].sort((a, b) => a.t - b.t);
}

/** The rule above, over the samples of a load phase of `durationS` seconds. */
export function judgeMemory(samples: Sample[], durationS: number): MemoryFigures {
  const warmupEndS = durationS * WARMUP_FRACTION;
  const inRange = (from: number, to: number) => samples.filter((s) => s.t >= from && s.t <= to);
  let baselineSamples = inRange(warmupEndS * 0.5, warmupEndS);
  if (baselineSamples.length === 0) {
    // Sparse samples (a heap's lows): the last one before the warm-up's end, or the first after.
    const before = samples.filter((s) => s.t <= warmupEndS);
    baselineSamples =
      before.length > 0 ? before.slice(-1) : samples.filter((s) => s.t > warmupEndS).slice(0, 1);
  }
  const baseline = median(baselineSamples.map((s) => s.value));
  let endSamples = inRange(durationS * 0.9, Infinity);
  if (endSamples.length === 0) endSamples = samples.slice(-1);
  const end = median(endSamples.map((s) => s.value));
  const after = inRange(warmupEndS, Infinity);
  const tailFrom = warmupEndS + (durationS - warmupEndS) / 2;
  const tail = inRange(tailFrom, Infinity);
  const tailRisePct = ((slopeOf(tail) * (durationS - tailFrom)) / baseline) * 100;
  const growthPct = (end / baseline - 1) * 100;
  const stillClimbing = tailRisePct > TAIL_RISE_LIMIT_PCT;
  return {
    samples: samples.length,
    warmupEndS,
    baseline,
    end,
    peak: Math.max(...samples.map((s) => s.value)),
    growthPct,
    slopeMbPerMin: (slopeOf(after) * 60) / 1024 / 1024,
    tailRisePct,
    stillClimbing,
    pass: Number.isFinite(growthPct) && !(growthPct > GROWTH_LIMIT_PCT && stillClimbing),
  };
}

/**
 * Samples the server's RSS every `intervalMs` and collects the probe's lines, with times
 * relative to `t0` (performance.now() at the start of the load phase).
 */
export function startMemorySampler(options: {
  pid: number;
  probeFile: string;
  intervalMs: number;
  t0: number;
}) {
  const rss: Sample[] = [];
  const probe: ProbeSample[] = [];
  const epochOffset = Date.now() - performance.now();
  let probeRead = 0;
  const sampleRss = () => {
    const value = readRss(options.pid);
    if (value !== undefined) rss.push({ t: (performance.now() - options.t0) / 1000, value });
  };
  const readProbe = () => {
    let text: string;
    try {
      const fd = fs.openSync(options.probeFile, 'r');
      try {
        const size = fs.fstatSync(fd).size;
        if (size <= probeRead) return;
        const buffer = Buffer.alloc(size - probeRead);
        fs.readSync(fd, buffer, 0, buffer.length, probeRead);
        // Only whole lines; a line still being written is read next time.
        const lastNewline = buffer.lastIndexOf(10);
        if (lastNewline < 0) return;
        text = buffer.subarray(0, lastNewline + 1).toString('utf8');
        probeRead += lastNewline + 1;
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return; // Not written yet.
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      const p = JSON.parse(line) as Omit<ProbeSample, 't'> & { at: number };
      const t = (p.at - epochOffset - options.t0) / 1000;
      // Lines from before the load phase (sign-in, streams opening) are left out.
      if (t >= 0) probe.push({ ...p, t });
    }
  };
  sampleRss();
  const timer = setInterval(() => {
    sampleRss();
    readProbe();
  }, options.intervalMs);
  return {
    rss,
    probe,
    latestRss: () => rss.at(-1)?.value,
    latestProbe: () => probe.at(-1),
    stop() {
      clearInterval(timer);
      sampleRss();
      readProbe();
    },
  };
}

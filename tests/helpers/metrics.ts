/** One sample of a Prometheus text scrape: series name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text format (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of series `name` whose labels include every pair of `labels`. */
export function samplesOf(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  return parseMetrics(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of `samplesOf(text, name, labels)` (0 when there is none). */
export function sumOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(text, name, labels).reduce((total, sample) => total + sample.value, 0);
}

import fs from 'node:fs';
import path from 'node:path';
import { siteConfigSchema, type SiteConfig } from './site-config';

/** All configured sites, indexed for per-request lookup. */
export interface SiteRegistry {
  all: SiteConfig[];
  byPackageName: Map<string, SiteConfig>;
  byHost: Map<string, SiteConfig>;
  defaultSite: SiteConfig;
}

/** Raised when a site file is unreadable or invalid; names the file and each bad field. */
export class SiteConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteConfigError';
  }
}

/** The file names in the site folder. @throws SiteConfigError naming the folder when it cannot be read. */
function readSiteFolder(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new SiteConfigError(
      `Invalid site configuration: the site folder ${dir} (SITES_DIR) cannot be read (${code})`,
    );
  }
}

/**
 * Reads and validates every `*.json` in `dir` (docs/product.md §3 Settings, Site file validation).
 * @param landersDir the landers' sources (`landers/` of the project, where the server runs), in
 *   which an experiment's copy variant must exist as `{design}/copy-{copy}/*.yaml`.
 * @throws SiteConfigError naming the file and field of each problem: invalid JSON or fields,
 *   an experiment's missing copy variant, a package name or host two files claim (both named),
 *   or not exactly one default site (`is_default`).
 */
export function loadSites(dir: string, landersDir = path.resolve('landers')): SiteRegistry {
  const files = readSiteFolder(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  const problems: string[] = [];
  const all: SiteConfig[] = [];
  const fileOf = new Map<SiteConfig, string>();
  for (const file of files) {
    const fullPath = path.join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(fullPath, 'utf8'));
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    const parsed = siteConfigSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      continue;
    }
    all.push(parsed.data);
    fileOf.set(parsed.data, file);
    problems.push(...missingCopyVariants(parsed.data, landersDir).map((problem) => `${file}: ${problem}`));
  }
  const byPackageName = new Map<string, SiteConfig>();
  const byHost = new Map<string, SiteConfig>();
  for (const site of all) {
    const file = fileOf.get(site)!;
    const samePackage = byPackageName.get(site.package_name);
    if (samePackage)
      problems.push(`${fileOf.get(samePackage)} and ${file}: package_name ${site.package_name} is used by both`);
    byPackageName.set(site.package_name, site);
    if (site.public_url && !site.hosts.some((host) => host.toLowerCase() === new URL(site.public_url!).hostname))
      problems.push(`${file}: public_url ${site.public_url} is not on one of its hosts`);
    for (const [index, host] of site.hosts.entries()) {
      const key = host.toLowerCase();
      const other = byHost.get(key);
      if (other && other !== site)
        problems.push(`${fileOf.get(other)} and ${file}: hosts.${index}: ${host} is listed by both`);
      else if (other) problems.push(`${file}: hosts.${index}: ${host} is listed twice`);
      byHost.set(key, site);
    }
  }
  const defaults = all.filter((site) => site.is_default);
  if (all.length > 0 && defaults.length !== 1)
    problems.push(`exactly one site needs "is_default": true (found ${defaults.length})`);
  if (all.length === 0 && problems.length === 0) problems.push(`no site files in ${dir}`);
  if (problems.length > 0) throw new SiteConfigError(`Invalid site configuration:\n  - ${problems.join('\n  - ')}`);
  return { all, byPackageName, byHost, defaultSite: defaults[0] as SiteConfig };
}

/** Each experiment variant of `site` whose copy variant has no `landers/{design}/copy-{copy}/*.yaml`. */
function missingCopyVariants(site: SiteConfig, landersDir: string): string[] {
  const problems: string[] = [];
  site.affiliates.experiments.forEach((experiment, e) =>
    experiment.variants.forEach((variant, v) => {
      if (!variant.copy) return;
      const folder = path.join(landersDir, variant.design, `copy-${variant.copy}`);
      const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.yaml')) : [];
      if (files.length === 0)
        problems.push(
          `affiliates.experiments.${e}.variants.${v}.copy: "${variant.copy}" has no copy variant ${path.relative(process.cwd(), folder)}/{locale}.yaml`,
        );
    }),
  );
  return problems;
}

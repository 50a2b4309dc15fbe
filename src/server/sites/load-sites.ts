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
 * Reads and validates every `*.json` in `dir`.
 * @throws SiteConfigError on invalid JSON or fields, duplicate package names or hosts,
 *   or when there is not exactly one default site (`is_default`).
 */
export function loadSites(dir: string): SiteRegistry {
  const files = readSiteFolder(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  const problems: string[] = [];
  const all: SiteConfig[] = [];
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
  }
  const byPackageName = new Map<string, SiteConfig>();
  const byHost = new Map<string, SiteConfig>();
  for (const site of all) {
    if (byPackageName.has(site.package_name)) problems.push(`duplicate package_name ${site.package_name}`);
    byPackageName.set(site.package_name, site);
    if (site.public_url && !site.hosts.some((host) => host.toLowerCase() === new URL(site.public_url!).hostname))
      problems.push(`${site.package_name}: public_url ${site.public_url} is not on one of its hosts`);
    for (const host of site.hosts) {
      const key = host.toLowerCase();
      if (byHost.has(key)) problems.push(`host ${host} is claimed by two sites`);
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

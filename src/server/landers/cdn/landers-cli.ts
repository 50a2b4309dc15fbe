/**
 * The landers' CDN copy from the command line (docs/architecture.md §3 Landers on a CDN):
 * - `npm run landers:build -- --site amora --out DIR`: builds the site's CDN root into DIR from the
 *   build's pre-rendered landers (`--client`, default `dist/client`; run `npm run build` first);
 * - `npm run landers:publish -- --site amora [--dir DIR] [--grace-days 7]`: uploads a CDN root
 *   (DIR, else one built now into a temporary folder) to the LANDERS_S3_* bucket.
 * Exit code 2 for a wrong argument or setting, 1 for a failure on the way.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getConfig } from '../../config';
import { loadSites } from '../../platform/sites/load-sites';
import { buildLanderCdnRoot } from './cdn-root';
import { buildAndPublishLanders, DEFAULT_GRACE_DAYS, landersBucketClient, publishLanderRoot } from './publish';

const command = process.argv[2];
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    site: { type: 'string' },
    out: { type: 'string' },
    dir: { type: 'string' },
    client: { type: 'string', default: 'dist/client' },
    'grace-days': { type: 'string', default: String(DEFAULT_GRACE_DAYS) },
  },
});

function fail(message: string): never {
  console.error(`landers:${command}: ${message}`);
  process.exit(2);
}

const config = getConfig();
const sites = loadSites(config.sitesDir);
const site = sites.byPackageName.get(values.site ?? '');
if (!site) fail(`--site must name a site (${sites.all.map((s) => s.package_name).join(', ')})`);
const clientDir = path.resolve(values.client);

try {
  if (command === 'build') {
    if (!values.out) fail('--out DIR is required');
    const manifest = await buildLanderCdnRoot({
      clientDir,
      site,
      outDir: path.resolve(values.out),
      mediaDir: config.landerMediaDir,
    });
    const pages = manifest.files.filter((file) => file.kind === 'page' && !file.of).length;
    const assets = manifest.files.filter((file) => file.kind === 'asset' && !file.of).length;
    console.log(`landers:build: ${site.package_name} → ${values.out}: ${pages} pages, ${assets} assets`);
  } else if (command === 'publish') {
    const bucketConfig = config.landersS3;
    if (!bucketConfig) fail('set LANDERS_S3_URL and LANDERS_S3_BUCKET (and the keys) to the bucket the CDN serves');
    const graceDays = Number(values['grace-days']);
    if (!Number.isInteger(graceDays) || graceDays < 0) fail('--grace-days must be a whole number of days');
    const client = landersBucketClient(bucketConfig);
    const target = { client, bucket: bucketConfig.bucket, now: new Date(), graceDays };
    try {
      const result = values.dir
        ? await publishLanderRoot({ ...target, dir: path.resolve(values.dir) })
        : await buildAndPublishLanders({ ...target, clientDir, site, mediaDir: config.landerMediaDir });
      console.log(
        `landers:publish: ${site.package_name} → ${bucketConfig.bucket}: ${result.uploaded.length} uploaded, ` +
          `${result.unchanged} unchanged, ${result.deleted.length} deleted, ${result.kept.length} kept for the grace period`,
      );
    } finally {
      client.destroy();
    }
  } else {
    fail('usage: landers-cli.ts build|publish --site NAME …');
  }
} catch (error) {
  console.error(`landers:${command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

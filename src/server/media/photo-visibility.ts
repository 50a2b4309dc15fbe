import { notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';
import type { SiteRegistry } from '../platform/sites/load-sites';

/**
 * docs/product.md §13 Photo review, who sees which photo:
 * - a `rejected` photo never shows (its files are removed anyway);
 * - an `approved` photo shows to everyone;
 * - a `pending` photo shows to other members and visitors only when the site of the member who
 *   uploaded it has `photos_before_approval` (the default); else only once an operator approved it.
 * The owner always sees their own photos (the photo manager, the own profile): those queries do not
 * use this condition.
 *
 * It is the uploading member's site that decides, not the site showing the photo: the member pool
 * is shared (search is not limited to the viewer's site), so a photo is shown or hidden alike on
 * every site, and the visitors' search page cache (keyed without the site) stays right.
 */

/**
 * The SQL condition "this photo may be shown to someone other than its owner", for a query that
 * reads photo rows: `reviewStatus` and `ownerId` are the row's `review_status` and `profile_id`
 * (columns, or `sql` of an alias in a raw subquery). With every site showing photos before
 * approval it is a plain status check, with none `= 'approved'`; only a mix of sites adds a primary
 * key lookup of the owner's site for the pending rows.
 */
export function photoShownToOthers(
  sites: SiteRegistry,
  reviewStatus: AnyPgColumn | SQL,
  ownerId: AnyPgColumn | SQL,
): SQL {
  const hiding = sites.all.filter((site) => !site.photos_before_approval).map((site) => site.package_name);
  if (hiding.length === 0) return sql`${reviewStatus} in ('approved', 'pending')`;
  if (hiding.length === sites.all.length) return sql`${reviewStatus} = 'approved'`;
  // Members of a site no longer configured count as on a site with the default (shown) here.
  const ownerShowsPending = sql`exists (select 1 from ${users} where ${users.id} = ${ownerId} and ${notInArray(users.site, hiding)})`;
  return sql`(${reviewStatus} = 'approved' or (${reviewStatus} = 'pending' and ${ownerShowsPending}))`;
}

/** The SQL condition for the owner's own photo lists: every photo not rejected. */
export function photoShownToOwner(reviewStatus: AnyPgColumn | SQL): SQL {
  return sql`${reviewStatus} <> 'rejected'`;
}

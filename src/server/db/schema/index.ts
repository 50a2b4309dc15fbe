/**
 * Database schema (drizzle), one file per area. Migrations are generated from
 * these files with `npm run migrate:generate` and applied at start; they are
 * forward-only. Code imports tables from this barrel (`../db/schema`), which
 * exports every table.
 *
 * Area files only import `members.ts` (users, profiles), never each other and
 * never this barrel, so the schema has no import cycle. Column types given with
 * `$type<…>()` come from src/shared (`Gif` of contracts/chat.ts,
 * `TrackingRecordValue` of tracking.ts, the event types of contracts/events.ts),
 * so a stored GIF, tracking record or event has the shape the rest of the app uses.
 */
export * from './members';
export * from './auth';
export * from './credits';
export * from './push';
export * from './likes';
export * from './chat';
export * from './realtime';
export * from './account';
export * from './premium';
export * from './affiliates';
export * from './operators';
export * from './outbox';

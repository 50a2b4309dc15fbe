/**
 * `npm run seed`: makes sure SEED_MEMBERS demo members (default 2,000) exist in
 * the configured database, adding the missing ones (deterministic per number).
 * With `--if-empty` (used by `npm start`) it does nothing when any account exists.
 * It also makes sure the landers' media are in storage (every start).
 * The server must not be running on the same PGlite folder at the same time.
 */
import { count, eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import { createContext } from '../../context';
import { users } from '../schema';
import { seedMembers } from './seed-members';
import { ensureLanderMedia } from '../../landers';

const config = getConfig();
const ctx = await createContext(config);
try {
  const copied = await ensureLanderMedia(ctx.storage, config.landerMediaDir);
  if (copied > 0) console.log(`seed: ${copied} lander media files copied into storage`);
  const [accounts] = await ctx.db.select({ value: count() }).from(users);
  const [demos] = await ctx.db.select({ value: count() }).from(users).where(eq(users.isDemo, true));
  const existingDemos = demos?.value ?? 0;
  const missing = config.seedMembers - existingDemos;
  if (process.argv.includes('--if-empty') && (accounts?.value ?? 0) > 0) {
    console.log(`seed: ${accounts?.value} accounts exist, nothing to do`);
  } else if (missing <= 0) {
    console.log(`seed: ${existingDemos} demo members exist (SEED_MEMBERS=${config.seedMembers}), nothing to do`);
  } else {
    const started = performance.now();
    console.log(`seed: adding ${missing} demo members to ${ctx.database.driver} (${config.dataDir})`);
    let lastReport = 0;
    await seedMembers(ctx, {
      members: missing,
      firstNumber: existingDemos + 1,
      onProgress: (done) => {
        if (done - lastReport >= 10_000 || done === missing) {
          lastReport = done;
          console.log(`seed: ${done}/${missing} members (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        }
      },
    });
    console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await ctx.database.close();
}

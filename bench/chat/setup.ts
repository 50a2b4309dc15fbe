import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createSession } from '../../src/server/platform/accounts/sessions';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/context';
import { conversationMembers, conversations, profiles, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/log/logger';

export interface BenchPair {
  conversation: number;
  senderToken: string;
  recipientToken: string;
}

/** Creates the benchmark database when missing (fresh schema each run). */
export async function resetDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const name = target.pathname.slice(1);
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * `pairs` conversations between 2 × pairs members: senders are premium (no
 * credits needed), every member has a session token. Bulk SQL, then one
 * session per member through the real session code.
 */
export async function createPairs(env: Record<string, string | undefined>, pairs: number): Promise<BenchPair[]> {
  const ctx = await createContext(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { log: createLogger('silent') });
  try {
    const members = pairs * 2;
    const ids = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: members }, (_, i) => ({
          site: 'amora',
          email: `bench${i}@amora.test`,
          passwordHash: 'x',
          status: 'active' as const,
          premiumUntil: new Date(Date.now() + 86_400_000),
        })),
      )
      .returning({ id: users.id });
    await ctx.db.insert(profiles).values(
      ids.map(({ id }, i) => ({
        id,
        name: `Bench ${i}`,
        gender: 'female' as const,
        country: 'NL',
        lastSignupStep: 7,
      })),
    );
    const out: BenchPair[] = [];
    for (let i = 0; i < pairs; i++) {
      const a = ids[i]!.id;
      const b = ids[i + pairs]!.id;
      const [conversation] = await ctx.db
        .insert(conversations)
        .values({ memberLow: Math.min(a, b), memberHigh: Math.max(a, b) })
        .returning({ id: conversations.id });
      await ctx.db.insert(conversationMembers).values([
        { conversationId: conversation!.id, userId: a },
        { conversationId: conversation!.id, userId: b },
      ]);
      out.push({
        conversation: conversation!.id,
        senderToken: (await createSession(ctx, a)).token,
        recipientToken: (await createSession(ctx, b)).token,
      });
    }
    await ctx.db.execute(sql`ANALYZE`);
    return out;
  } finally {
    await ctx.realtime.close();
    await ctx.database.close();
  }
}

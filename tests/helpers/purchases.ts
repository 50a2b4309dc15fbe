import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { debitCreditsSql } from '../../src/server/credits/credits';
import { creditLedger, paymentTransactions, users } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/raw';
import type { SandboxOutcome, SandboxProvider } from '../../src/server/payments/sandbox-provider';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { startPurchase, type StartPurchaseInput } from '../../src/server/payments/start-purchase';
import type { TestClock } from './context';
import { createMember } from './factories';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Purchase steps on the domain level (docs/product.md §11), for the payments test files: start a
 * purchase, pay or fail it at the sandbox, settle it, and read back the rows it changed.
 */
export function purchaseHelpers(ctx: () => AppContext, clock: TestClock) {
  const sandbox = (context: AppContext = ctx()) => context.payments as SandboxProvider;
  const site = (packageName = 'amora') => ctx().sites.byPackageName.get(packageName)!;

  /** A member who signed up 30 days ago (no welcome discount any more), unless `createdAt` says otherwise. */
  async function buyer(overrides: Parameters<typeof createMember>[1] & { createdAt?: Date } = {}) {
    const { createdAt, ...member } = overrides;
    const id = await createMember(ctx(), { country: 'NL', ...member });
    await setCreatedAt(id, createdAt ?? new Date(clock.now().getTime() - 30 * DAY_MS));
    return id;
  }
  const setCreatedAt = (id: number, at: Date) => ctx().db.update(users).set({ createdAt: at }).where(eq(users.id, id));

  /** Starts a purchase (popular by iDEAL unless `extra` says otherwise) and returns it with its row. */
  async function buy(userId: number, extra: Partial<StartPurchaseInput> = {}, context = ctx()) {
    const started = await startPurchase(context, {
      userId,
      site: site(),
      product: 'credits',
      productId: 'popular',
      method: 'ideal',
      origin: 'https://amora.test',
      returnPath: '/credits',
      ...extra,
    });
    if (!started.ok) throw new Error(`purchase refused: ${started.code}`);
    return { ...started.value, row: await transactionByPublicId(started.value.transactionId) };
  }
  /** The payer's choice at the sandbox checkout (the payment must still be open). */
  async function pay(providerPaymentId: string, outcome: SandboxOutcome = 'paid') {
    expect(await sandbox().complete(providerPaymentId, outcome)).not.toBeNull();
  }
  /** Starts, pays and settles a purchase; returns the settled row. */
  async function buyPaid(userId: number, extra: Partial<StartPurchaseInput> = {}, context = ctx()) {
    const { row } = await buy(userId, extra, context);
    await pay(row.providerPaymentId!);
    expect(await settleTransaction(context, row.providerPaymentId!)).toEqual({ ok: true, value: { status: 'paid' } });
    return transaction(row.id);
  }

  const transaction = async (id: number) =>
    (await ctx().db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;
  const transactionByPublicId = async (publicId: string) =>
    (await ctx().db.select().from(paymentTransactions).where(eq(paymentTransactions.publicId, publicId)))[0]!;
  const user = async (id: number) => (await ctx().db.select().from(users).where(eq(users.id, id)))[0]!;
  const ledger = (userId: number) =>
    ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));

  /** Spends credits the way sending a message does (conditional debit + ledger row); false when refused. */
  async function spend(userId: number, amount: number): Promise<boolean> {
    const at = sql`${clock.now().toISOString()}::timestamptz`;
    const rows = await queryRows(
      ctx().db,
      sql`WITH ${debitCreditsSql(userId, amount, 'message:1', at)} SELECT credits FROM debit`,
    );
    return rows.length > 0;
  }

  return { sandbox, site, buyer, setCreatedAt, buy, pay, buyPaid, transaction, user, ledger, spend };
}

/** `date` plus whole calendar months in UTC (what PostgreSQL's `+ make_interval(months => n)` gives for days ≤ 28). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

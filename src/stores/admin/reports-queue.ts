import { atom, computed } from 'nanostores';
import type { ReportListItem, ReportsSla } from '~/shared/contracts/admin/moderation';
import type { ConsoleText } from '~/shared/console-i18n';
import { adminFailure } from './errors';
import { fetchReports } from './moderation';

type Page = { reports: ReportListItem[]; hasMore: boolean; sla: ReportsSla };

/** The reports queue's state (docs/product.md §13 Reports queue). */
export interface ReportsQueueState {
  /** The first page with the SLA figures, null before the first answer. */
  first: Page | null;
  /** Reports of the pages opened with "Show more", null when none was opened since the last refresh. */
  more: { reports: ReportListItem[]; hasMore: boolean } | null;
  /** Reports acted on here: they stay out even while the queue reloads. */
  resolved: ReadonlySet<number>;
  selectedId: number | null;
  /** What the last action did (shown as a notice). */
  notice: string | null;
  loading: boolean;
  error: ConsoleText | null;
  loadingMore: boolean;
  moreError: ConsoleText | null;
}

/**
 * A reports queue store: loads the first page, opens more pages, keeps the selection, and takes a
 * resolved report out (selecting the next one). `fetch` is the page loader (src/stores/admin/moderation.ts).
 */
export function createReportsQueue(fetch: (after?: number) => Promise<Page> = fetchReports) {
  const $state = atom<ReportsQueueState>({
    first: null,
    more: null,
    resolved: new Set(),
    selectedId: null,
    notice: null,
    loading: false,
    error: null,
    loadingMore: false,
    moreError: null,
  });
  const patch = (change: Partial<ReportsQueueState>) => $state.set({ ...$state.get(), ...change });
  /** The open reports in queue order without the resolved ones; a later page may repeat a report. */
  const $reports = computed($state, ({ first, more, resolved }) => {
    const byId = new Map<number, ReportListItem>();
    for (const report of [...(first?.reports ?? []), ...(more?.reports ?? [])]) {
      if (!resolved.has(report.id) && !byId.has(report.id)) byId.set(report.id, report);
    }
    return [...byId.values()];
  });
  const $hasMore = computed($state, ({ first, more }) => (more ? more.hasMore : (first?.hasMore ?? false)));
  let ticket = 0;

  async function load(): Promise<void> {
    const mine = ++ticket;
    patch({ loading: true });
    try {
      const first = await fetch();
      if (mine === ticket) patch({ first, error: null, loading: false });
    } catch (caught) {
      if (mine === ticket) patch({ error: adminFailure(caught), loading: false });
    }
  }

  return {
    $state,
    $reports,
    $hasMore,
    load,
    /** Drops the extra pages and the notice, then loads the first page again. */
    refresh(): Promise<void> {
      patch({ more: null, notice: null });
      return load();
    },
    /** Opens the next page after the last report shown. */
    async loadMore(): Promise<void> {
      const last = $reports.get().at(-1);
      if (!last || $state.get().loadingMore) return;
      patch({ loadingMore: true, moreError: null });
      try {
        const page = await fetch(last.id);
        const more = $state.get().more;
        patch({
          more: { reports: [...(more?.reports ?? []), ...page.reports], hasMore: page.hasMore },
          loadingMore: false,
        });
      } catch (caught) {
        patch({ moreError: adminFailure(caught), loadingMore: false });
      }
    },
    select(id: number | null): void {
      patch({ selectedId: id });
    },
    /** Report `id` was resolved (`notice` says how): it leaves the queue, the next (else previous) one opens. */
    resolve(id: number, notice: string): Promise<void> {
      const reports = $reports.get();
      const index = reports.findIndex((report) => report.id === id);
      const next = index === -1 ? null : (reports[index + 1] ?? reports[index - 1] ?? null);
      patch({ resolved: new Set([...$state.get().resolved, id]), notice, selectedId: next?.id ?? null });
      return load();
    },
  };
}

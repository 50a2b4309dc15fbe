// @vitest-environment happy-dom
/**
 * The dashboard island (docs/product.md §13 Dashboard, §13 Console language): today's figures
 * against the 7 days before, the site filter and Refresh sending the request again, the minute's
 * own refresh, what a role without revenue sees, a failed load with its retry, and German texts.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardView } from '~/shared/contracts/admin/dashboard';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: Dashboard } = await import('./Dashboard');

const sites = [
  { value: 'nl.amora', label: 'Amora NL' },
  { value: 'de.amora', label: 'Amora DE' },
];
const figures = (change: Partial<DashboardView> = {}): DashboardView => ({
  day: '2026-12-01',
  signups: { today: 12, last7Days: 56 },
  activations: { today: 0, last7Days: 0 },
  messages: { today: 3, last7Days: 42 },
  activeMembers: { last24Hours: 1234, last7Days: 5678 },
  openReports: { count: 3, oldestAgeSeconds: 7_200 },
  revenue: [{ currency: 'EUR', todayCents: 2499, last7DaysCents: 0 }],
  ...change,
});
const route = 'GET /admin/api/dashboard';

/** The card (dt + dd) of a figure, by its label. */
const card = (label: string) => screen.getByText(label).closest('.admin-stat') as HTMLElement;

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
  vi.useRealTimers();
});

describe('dashboard island (docs/product.md §13 Dashboard)', () => {
  it("shows today's figures against the 7 days before, the open reports and the revenue", async () => {
    callAdmin.mockResolvedValueOnce(figures());
    render(<Dashboard locale="en" sites={sites} links={{ reports: true, payments: true }} />);
    expect(await screen.findByText(/\(2026-12-01, since 00:00 UTC\)/)).toBeTruthy();
    expect(callAdmin.mock.calls).toEqual([[route, { query: { site: undefined } }]]);

    const signups = card('Signups today');
    expect(within(signups).getByRole('definition').firstChild?.textContent).toBe('12');
    expect(signups.textContent).toContain('+50 % vs 7-day average 8/day (56 in total)');
    expect(card('Activations today').textContent).toContain('nothing in the 7 days before');
    expect(card('Messages today').textContent).toContain('-50 % vs 7-day average 6/day (42 in total)');
    expect(card('Active members, last 24 h').textContent).toBe(
      'Active members, last 24 h1,2345,678 in the last 7 days',
    );
    const reports = card('Open reports');
    expect(reports.textContent).toContain('Oldest waiting 2 h 0 min');
    expect(within(reports).getByRole('link', { name: 'Work the queue' }).getAttribute('href')).toBe('/admin/reports');

    expect(screen.getByRole('heading', { name: 'Revenue (net of refunds)' })).toBeTruthy();
    expect(card('Today in EUR').textContent).toContain('€24.99');
    expect(screen.getByRole('link', { name: 'Transactions and revenue report' }).getAttribute('href')).toBe(
      '/admin/payments',
    );
  });

  it('leaves out revenue and links the role may not use; no open report is "None waiting"', async () => {
    callAdmin.mockResolvedValueOnce(figures({ revenue: undefined, openReports: { count: 0, oldestAgeSeconds: null } }));
    render(<Dashboard locale="en" sites={sites} links={{ reports: false, payments: false }} />);
    expect(await screen.findByText('None waiting')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Revenue (net of refunds)' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('asks for one site when the filter changes, and again on Refresh', async () => {
    callAdmin.mockResolvedValueOnce(figures()).mockResolvedValueOnce(figures({ revenue: [] }));
    render(<Dashboard locale="en" sites={sites} links={{ reports: true, payments: true }} />);
    await screen.findByText('€24.99');

    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'de.amora' } });
    expect(await screen.findByText('No payments today or in the 7 days before.')).toBeTruthy();
    expect(callAdmin.mock.calls[1]).toEqual([route, { query: { site: 'de.amora' } }]);

    let answer!: (value: DashboardView) => void;
    callAdmin.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Refreshing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(callAdmin.mock.calls[2]).toEqual([route, { query: { site: 'de.amora' } }]);
    answer(figures({ signups: { today: 99, last7Days: 56 } }));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(card('Signups today').textContent).toContain('99');
  });

  it('loads again by itself every minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    callAdmin.mockResolvedValue(figures());
    render(<Dashboard locale="en" sites={sites} links={{ reports: true, payments: true }} />);
    await screen.findByText('€24.99');
    vi.advanceTimersByTime(59_000);
    expect(callAdmin).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    await vi.waitFor(() => expect(callAdmin).toHaveBeenCalledTimes(2));
    expect(callAdmin.mock.calls[1]).toEqual([route, { query: { site: undefined } }]);
  });

  it('shows a failed load with a retry that loads the figures', async () => {
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'network' }));
    render(<Dashboard locale="en" sites={sites} links={{ reports: true, payments: true }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server could not be reached. Check the connection and try again.');
    expect(screen.queryByText('Signups today')).toBeNull();

    callAdmin.mockResolvedValueOnce(figures());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Signups today')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callAdmin).toHaveBeenCalledTimes(2);
  });
});

describe('console language reaches the island (docs/product.md §13 Console language)', () => {
  it('shows the dashboard in German, with German number formats', async () => {
    callAdmin.mockResolvedValueOnce(figures());
    render(<Dashboard locale="de" sites={sites} links={{ reports: true, payments: true }} />);
    expect(await screen.findByText('Registrierungen heute')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aktualisieren' })).toBeTruthy();
    expect(screen.getByLabelText('Website')).toBeTruthy();
    expect(card('Aktive Mitglieder, letzte 24 Std.').textContent).toContain('5.678 in den letzten 7 Tagen');
    expect(card('Offene Meldungen').textContent).toContain('Älteste wartet seit 2 Std. 0 Min.');
    expect(screen.getByRole('link', { name: 'Warteschlange bearbeiten' })).toBeTruthy();
  });
});

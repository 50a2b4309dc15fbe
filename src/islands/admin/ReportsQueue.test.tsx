// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: ReportsQueue } = await import('./ReportsQueue');

const listItem = (id: number, name: string, reason = 'spam') => ({
  id,
  reason,
  createdAt: '2026-12-01T10:00:00.000Z',
  ageS: 7_200,
  hasConversation: false,
  member: { id: 100 + id, name, thumbUrl: null, openReports: 1 },
});
const detail = (id: number, name: string) => ({
  id,
  reason: 'spam',
  details: 'Sends the same link to everyone',
  createdAt: '2026-12-01T10:00:00.000Z',
  status: 'open',
  outcome: null,
  resolvedAt: null,
  reporter: { id: 7, name: 'Rita' },
  member: {
    memberId: 100 + id,
    status: 'active',
    suspendedUntil: null,
    bannedAt: null,
    visible: true,
    name,
    age: 30,
    gender: 'male',
    country: 'NL',
    city: 'Utrecht',
    about: null,
    site: 'nl.amora',
    joinedAt: '2026-11-01T10:00:00.000Z',
    lastActiveAt: '2026-12-01T09:00:00.000Z',
    photos: [],
    openReports: 1,
  },
  conversation: null,
});
const sla = { oldestAgeS: 7_200, openCount: 2, underageCount: 0 };

/** Answers the queue, the report details and the actions like the operator API would. */
function serve(queue: ReturnType<typeof listItem>[]) {
  callAdmin.mockImplementation(async (route: string, input: { params?: { id: number }; body?: unknown }) => {
    if (route === 'GET /admin/api/reports') return { reports: queue, hasMore: false, sla };
    if (route === 'GET /admin/api/reports/:id') {
      const item = queue.find((report) => report.id === input.params!.id)!;
      return detail(item.id, item.member.name);
    }
    if (route === 'POST /admin/api/reports/:id/actions') {
      const id = input.params!.id;
      queue.splice(
        queue.findIndex((report) => report.id === id),
        1,
      );
      return { reportId: id, outcome: 'dismissed', member: {} };
    }
    throw new Error(`unexpected ${route}`);
  });
}

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

describe('reports queue island (docs/product.md §13 Reports queue)', () => {
  it('lists the open reports with the SLA figures, opens one, and dismisses it: the next one opens', async () => {
    serve([listItem(1, 'Mark'), listItem(2, 'Nina', 'underage')]);
    render(<ReportsQueue locale="en" />);
    const mark = await screen.findByRole('button', { name: /Mark/ });
    expect(within(mark).getByText('2 h 0 min ago')).toBeTruthy();
    expect(screen.getByText('Under 18')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No report selected' })).toBeTruthy();

    fireEvent.click(mark);
    expect(await screen.findByText('Sends the same link to everyone')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Report #1 resolved: dismissed without action.')).toBeTruthy();
    expect(callAdmin).toHaveBeenCalledWith('POST /admin/api/reports/:id/actions', {
      params: { id: 1 },
      body: { action: 'dismiss', note: undefined },
    });
    expect(await screen.findByRole('heading', { name: /Report #2/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark/ })).toBeNull();
  });

  it('shows the queue in Dutch, and a failed load with a retry', async () => {
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'network' }));
    render(<ReportsQueue locale="nl" />);
    expect((await screen.findByRole('alert')).textContent).toContain('De server is niet bereikbaar.');
    serve([listItem(3, 'Olaf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('button', { name: /Olaf/ })).toBeTruthy();
    expect(screen.getByText('Spam')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Geen melding gekozen' })).toBeTruthy();
  });
});

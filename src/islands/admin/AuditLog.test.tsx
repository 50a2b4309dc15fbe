// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: AuditLog } = await import('./AuditLog');
const { default: OperatorsPanel } = await import('./OperatorsPanel');

const entry = (id: number, action: string) => ({
  id,
  operatorEmail: 'mod@example.com',
  action,
  objectType: 'member',
  objectId: '42',
  reportId: null,
  before: { credits: 5 },
  after: { credits: 25 },
  createdAt: '2026-12-01T10:00:00.000Z',
});

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

describe('audit log island (docs/product.md §13 Audit log)', () => {
  it('lists the entries with their changes, pages back by id, and filters from the first page', async () => {
    callAdmin
      .mockResolvedValueOnce({ entries: [entry(9, 'member.adjust_credits'), entry(8, 'member.warn')], hasMore: true })
      .mockResolvedValueOnce({ entries: [entry(7, 'member.suspend')], hasMore: false })
      .mockResolvedValueOnce({ entries: [], hasMore: false });
    render(<AuditLog locale="en" />);
    expect(await screen.findByText('member.adjust_credits')).toBeTruthy();
    expect(screen.getAllByText('credits: 5 → 25')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('member.suspend')).toBeTruthy();
    expect(callAdmin.mock.calls[1]![1].query.before).toBe(8);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'member.ban' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the audit log' }));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(callAdmin.mock.calls[2]![1].query).toMatchObject({ action: 'member.ban', before: undefined });
  });

  it('speaks German', async () => {
    callAdmin.mockResolvedValueOnce({ entries: [], hasMore: false });
    render(<AuditLog locale="de" />);
    expect(screen.getByRole('heading', { name: 'Prüfprotokoll' })).toBeTruthy();
    expect(await screen.findByText('Keine Einträge passen zu diesen Filtern.')).toBeTruthy();
  });
});

describe('operators island (docs/product.md §13 Access)', () => {
  it('adds an operator and shows the one-time setup link; a refusal shows its text', async () => {
    const operators = [
      { id: 1, email: 'boss@example.com', role: 'admin', disabled: false, enrolled: true, lastLoginAt: null },
    ];
    callAdmin.mockImplementation(async (route: string) => {
      if (route === 'GET /admin/api/operators') return { operators };
      if (route === 'POST /admin/api/operators')
        return { setupUrl: 'https://x.test/admin/setup?token=abc', setupExpiresAt: '2026-12-04T10:00:00.000Z' };
      throw new Error(route);
    });
    render(<OperatorsPanel locale="en" />);
    expect(await screen.findByText('boss@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and make a setup link' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('new@example.com added as moderator.');
    expect(notice.textContent).toContain('https://x.test/admin/setup?token=abc');

    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'conflict' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This cannot be done in its current state.');
  });
});

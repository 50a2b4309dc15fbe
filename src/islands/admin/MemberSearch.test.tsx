// @vitest-environment happy-dom
/**
 * The member search island (docs/product.md §13 Members): the newest members without a search,
 * the search form's query (text, site, page 1), the results and their columns, the empty text,
 * paging by page number, the search kept in the page's address, and a failed load.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberSummary } from '~/shared/contracts/admin/members';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: MemberSearch } = await import('./MemberSearch');

const route = 'GET /admin/api/members';
const sites = [
  { packageName: 'nl.amora', name: 'Amora NL' },
  { packageName: 'de.amora', name: 'Amora DE' },
];
const member = (id: number, change: Partial<MemberSummary> = {}): MemberSummary => ({
  id,
  site: 'nl.amora',
  name: 'Ann',
  email: 'ann@example.com',
  status: 'active',
  suspendedUntil: null,
  banned: false,
  credits: 1500,
  premiumUntil: '2027-01-15T12:00:00.000Z',
  createdAt: '2026-11-02T12:00:00.000Z',
  ...change,
});
const page = (members: MemberSummary[], number: number, hasMore: boolean) => ({ members, page: number, hasMore });
const empty = { q: '', site: '', page: 1 };

/** The result row of member `id`. */
const row = (id: number) => screen.getByText(`#${id}`).closest('tr') as HTMLElement;

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
  window.history.replaceState(null, '', '/admin/members');
});

describe('member search island (docs/product.md §13 Members)', () => {
  it('lists the newest members without a search, with site, status, credits and days', async () => {
    callAdmin.mockResolvedValueOnce(
      page(
        [
          member(42),
          member(41, {
            site: 'de.amora',
            name: '',
            email: null,
            status: 'deleted',
            banned: true,
            credits: 0,
            premiumUntil: null,
          }),
        ],
        1,
        false,
      ),
    );
    render(<MemberSearch locale="en" sites={sites} initial={empty} />);
    expect(await screen.findByText('Newest members, page 1')).toBeTruthy();
    expect(callAdmin.mock.calls).toEqual([[route, { query: { q: undefined, site: undefined, page: 1 } }]]);

    const ann = row(42);
    expect(within(ann).getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/admin/members/42');
    expect(within(ann).getByText('ann@example.com')).toBeTruthy();
    expect(within(ann).getByText('Amora NL')).toBeTruthy();
    expect(within(ann).getByText('Active')).toBeTruthy();
    expect(within(ann).getByText('1,500')).toBeTruthy();
    expect(within(ann).getByText('15 Jan 2027')).toBeTruthy();
    expect(within(ann).getByText('2 Nov 2026')).toBeTruthy();

    const gone = row(41);
    expect(within(gone).getByRole('link', { name: 'No name' }).getAttribute('href')).toBe('/admin/members/41');
    expect(within(gone).getByText('Amora DE')).toBeTruthy();
    expect(within(gone).getByText('Deleted')).toBeTruthy();
    expect(within(gone).getByText('Banned')).toBeTruthy();
    expect(within(gone).getAllByText('—')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).toBeNull();
  });

  it('sends the search text and site from page 1, keeps them in the address, and says when nothing matches', async () => {
    callAdmin.mockResolvedValueOnce(page([member(42)], 1, false)).mockResolvedValueOnce(page([], 1, false));
    render(<MemberSearch locale="en" sites={sites} initial={empty} />);
    await screen.findByText('Newest members, page 1');

    const form = screen.getByRole('search', { name: 'Find members' });
    fireEvent.change(within(form).getByLabelText('Id, e-mail address or name'), {
      target: { value: '  nobody@example.com ' },
    });
    fireEvent.change(within(form).getByLabelText('Site'), { target: { value: 'de.amora' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No member matches. An e-mail address must be typed in full.')).toBeTruthy();
    expect(callAdmin.mock.calls[1]).toEqual([route, { query: { q: 'nobody@example.com', site: 'de.amora', page: 1 } }]);
    expect(screen.getByText('Results for “nobody@example.com” on Amora DE, page 1')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Found members' })).toBeNull();
    const address = new URL(window.location.href).searchParams;
    expect([...address]).toEqual([
      ['q', 'nobody@example.com'],
      ['site', 'de.amora'],
    ]);
  });

  it('pages forward and back through the results of the search in the address', async () => {
    callAdmin
      .mockResolvedValueOnce(page([member(42, { name: 'Anna' })], 2, true))
      .mockResolvedValueOnce(page([member(17, { name: 'Annie' })], 3, false))
      .mockResolvedValueOnce(page([member(42, { name: 'Anna' })], 2, true));
    render(<MemberSearch locale="en" sites={sites} initial={{ q: 'ann', site: '', page: 2 }} />);
    expect(await screen.findByText('Results for “ann”, page 2')).toBeTruthy();
    expect(callAdmin.mock.calls[0]).toEqual([route, { query: { q: 'ann', site: undefined, page: 2 } }]);
    expect((screen.getByLabelText('Id, e-mail address or name') as HTMLInputElement).value).toBe('ann');

    const pager = screen.getByRole('navigation', { name: 'Result pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Annie' })).toBeTruthy();
    expect(callAdmin.mock.calls[1]).toEqual([route, { query: { q: 'ann', site: undefined, page: 3 } }]);
    expect(screen.getByText('Results for “ann”, page 3')).toBeTruthy();
    expect(new URL(window.location.href).searchParams.get('page')).toBe('3');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: 'Anna' })).toBeTruthy();
    expect(callAdmin.mock.calls[2]).toEqual([route, { query: { q: 'ann', site: undefined, page: 2 } }]);
  });

  it('shows a failed search with a retry', async () => {
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'forbidden' }));
    render(<MemberSearch locale="en" sites={sites} initial={empty} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your role does not allow this.');
    callAdmin.mockResolvedValueOnce(page([member(42)], 1, false));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ann' })).toBeTruthy();
    expect(callAdmin.mock.calls[1]).toEqual(callAdmin.mock.calls[0]);
  });
});

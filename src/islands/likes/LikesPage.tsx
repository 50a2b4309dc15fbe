import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { LIKES_TABS, likesOfTab, likesTabPath, type LikesTab } from '~/shared/rules/likes-rules';
import type { Locale } from '~/shared/locales';
import { $likes, loadLikes } from '../../stores/likes';
import { SkeletonCards } from '../search/ProfileCard';
import { MemberCard, type GridOptions } from '../search/ResultsGrid';
import { useT } from '../shell/use-t';

/** Message keys per tab, spelled out so the locale check sees them. */
const TAB_TEXT = {
  received: {
    tab: 'likes.tab_received',
    emptyTitle: 'likes.empty_received_title',
    emptyText: 'likes.empty_received_text',
  },
  given: { tab: 'likes.tab_given', emptyTitle: 'likes.empty_given_title', emptyText: 'likes.empty_given_text' },
  mutual: { tab: 'likes.tab_mutual', emptyTitle: 'likes.empty_mutual_title', emptyText: 'likes.empty_mutual_text' },
} as const satisfies Record<LikesTab, Record<string, string>>;

interface Props {
  locale: Locale;
  tab: LikesTab;
  cdnPrefix: string;
  countries: { code: string; name: string }[];
}

/**
 * The likes page (docs/product.md §2 /likes, /likes/:type): tabs for likes received,
 * given and mutual; new likes carry a badge; cards open the profile through
 * /likes/m/:memberId. Like and message buttons are hidden here (docs/product.md §2).
 */
export default function LikesPage({ locale, tab, cdnPrefix, countries }: Props) {
  const t = useT(locale);
  const likes = useStore($likes);
  useEffect(() => {
    void loadLikes();
  }, []);

  const options: GridOptions = {
    locale,
    cdnPrefix,
    countryNames: new Map(countries.map((c) => [c.code, c.name])),
    isLoggedIn: true,
    withActions: false,
    chatsAvailable: false,
    t,
  };
  const list = likesOfTab(tab, likes);
  const counts = Object.fromEntries(LIKES_TABS.map((name) => [name, likesOfTab(name, likes).length])) as Record<
    LikesTab,
    number
  >;
  const loading = likes.status === 'idle' || likes.status === 'loading';

  return (
    <section aria-labelledby="likes-title">
      <h1 id="likes-title">{t('likes.title')}</h1>
      <nav className="tabs" aria-label={t('likes.tabs')}>
        {LIKES_TABS.map((name) => (
          <a key={name} className="tab" href={likesTabPath(name)} aria-current={name === tab ? 'page' : undefined}>
            {t(TAB_TEXT[name].tab)}
            {likes.status === 'ready' && <span className="tab-count">{counts[name]}</span>}
          </a>
        ))}
      </nav>
      {likes.status === 'error' ? (
        <div className="state-panel" role="alert">
          <h2>{t('likes.error_title')}</h2>
          <p>{t('search.error_text')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void loadLikes()}>
            {t('common.retry')}
          </button>
        </div>
      ) : loading ? (
        <ul className="member-grid" aria-busy="true" aria-label={t(TAB_TEXT[tab].tab)}>
          <SkeletonCards count={4} />
        </ul>
      ) : list.length === 0 ? (
        <div className="state-panel" data-testid="likes-empty">
          <h2>{t(TAB_TEXT[tab].emptyTitle)}</h2>
          <p>{t(TAB_TEXT[tab].emptyText)}</p>
          <a className="btn btn-primary" href="/members">
            {t('likes.browse_members')}
          </a>
        </div>
      ) : (
        <ul className="member-grid" aria-label={t(TAB_TEXT[tab].tab)}>
          {list.map((like) => (
            <MemberCard
              key={like.id}
              profile={like.profile}
              options={options}
              href={`/likes/m/${like.profile.id}`}
              newLabel={tab !== 'given' && like.like_new ? t('likes.new') : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

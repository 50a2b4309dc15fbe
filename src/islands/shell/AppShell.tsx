import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '~/shared/locales';
import { $badgeCount, $unreadMessages, titleWithUnread } from '../../stores/badges';
import { followApiActivity, startLoading } from '../../stores/loading-bar';
import { pagePushKey } from '../../stores/page';
import { followPushMessages, startPush } from '../../stores/push';
import { $pwa, acceptUpdate, shouldAnnounceOfflineReady, startPwa } from '../../stores/pwa';
import { notifyPageHidden } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { InstallBanner } from './InstallBanner';
import { LoadingBar } from './LoadingBar';
import { ModalHost } from './ModalHost';
import { PushPrompt } from './PushPrompt';
import { Toaster } from './Toaster';
import { useT } from './use-t';

interface Props {
  locale: Locale;
  isLoggedIn: boolean;
}

/**
 * The app shell on every page: loading bar, toasts, modals, PWA registration and
 * update flow, push state and prompt, install offer, page-hidden beacon, and
 * the unread count in the document title and app badge.
 */
export default function AppShell({ locale, isLoggedIn }: Props) {
  const t = useT(locale);
  const pwa = useStore($pwa);
  const unread = useStore($unreadMessages);
  const badge = useStore($badgeCount);
  const pushKey = pagePushKey();

  useEffect(() => {
    startPwa(__AMORA_BUILD_ID__);
    void startPush();
    const stopActivity = followApiActivity();
    const onUnload = () => startLoading();
    const onVisibility = () => document.visibilityState === 'hidden' && isLoggedIn && notifyPageHidden();
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('visibilitychange', onVisibility);
    const stopPushMessages = followPushMessages();
    return () => {
      stopActivity();
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('visibilitychange', onVisibility);
      stopPushMessages();
    };
  }, [isLoggedIn]);

  useEffect(() => {
    if (pwa.needRefresh) {
      showToast({
        message: t('shell.update_ready'),
        duration: 0,
        action: { label: t('shell.reload_to_update'), run: acceptUpdate },
      });
    }
  }, [pwa.needRefresh, t]);

  const announceOffline = shouldAnnounceOfflineReady(pwa);
  useEffect(() => {
    if (announceOffline) showToast({ message: t('shell.offline_ready'), kind: 'success' });
  }, [announceOffline, t]);

  // The page keeps room for the docked banners (see shell.css).
  const banners = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = banners.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--shell-banner-height', `${element.getBoundingClientRect().height}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--shell-banner-height');
    };
  }, []);

  useEffect(() => {
    document.title = titleWithUnread(document.title, unread);
  }, [unread]);

  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    if (badge > 0) void nav.setAppBadge?.(badge).catch(() => undefined);
    else void nav.clearAppBadge?.().catch(() => undefined);
  }, [badge]);

  return (
    <>
      <LoadingBar label={t('shell.loading')} />
      <Toaster closeLabel={t('common.close')} />
      <ModalHost closeLabel={t('common.close')} moreLabel={t('shell.read_full_page')} />
      <div className="shell-banners" ref={banners}>
        <PushPrompt t={t} isLoggedIn={isLoggedIn} pushKey={pushKey} />
        <InstallBanner t={t} />
      </div>
    </>
  );
}

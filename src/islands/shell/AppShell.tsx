import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { onApiActivity } from '../../client/api';
import { readBoot } from '../../client/boot';
import { browserPushEnvironment } from '../../client/push';
import { pushPayloadSchema } from '../../shared/contracts/push';
import type { Locale } from '../../shared/locales';
import { $badgeCount, $unreadMessages, titleWithUnread } from '../../stores/badges';
import { endLoading, startLoading } from '../../stores/loading-bar';
import { initPush, receivePushMessage } from '../../stores/push';
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
  const pushKey = typeof document === 'undefined' ? null : readBoot().settings.push_pub;

  useEffect(() => {
    startPwa(__AMORA_BUILD_ID__);
    void initPush(browserPushEnvironment);
    const stopActivity = onApiActivity((event) => (event === 'start' ? startLoading() : endLoading(event === 'end')));
    const onUnload = () => startLoading();
    const onVisibility = () => document.visibilityState === 'hidden' && isLoggedIn && notifyPageHidden();
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; payload?: unknown } | null;
      if (data?.type !== 'push-received') return;
      const payload = pushPayloadSchema.safeParse(data.payload);
      if (payload.success) receivePushMessage(payload.data);
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('visibilitychange', onVisibility);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      stopActivity();
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('visibilitychange', onVisibility);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
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
    const observer = new ResizeObserver(() => root.setProperty('--shell-banner-height', `${element.getBoundingClientRect().height}px`));
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
    const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
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

import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Locale } from '~/shared/locales';
import { $badgeCount, $unreadMessages, titleWithUnread } from '../../stores/badges';
import { followApiActivity, startLoading } from '../../stores/loading-bar';
import { $modal } from '../../stores/modal';
import { pagePushKey } from '../../stores/page';
import { $pushPrompt, loadPushPromptMemory } from '../../stores/push-prompt';
import { $pwa, acceptUpdate, isInstallOfferDue, shouldAnnounceOfflineReady, startPwa } from '../../stores/pwa';
import { notifyPageHidden } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { LoadingBar } from './LoadingBar';
import { Toaster } from './Toaster';
import { useHydrated } from './use-hydrated-store';
import { useT } from './use-t';

/*
 * Parts of the shell that most visits never show load when first needed, not with every page
 * (docs/architecture.md §3, the first visit's JavaScript): the push offer and the push state for
 * members only (visitors can neither be offered push nor receive it, docs/product.md §5), the
 * install offer once the browser offers installation, the modal once something opens one. The
 * toaster stays: its live region must exist before a toast is added, or screen readers miss it.
 */
const PushPrompt = lazy(() => import('./PushPrompt').then((module) => ({ default: module.PushPrompt })));
const InstallBanner = lazy(() => import('./InstallBanner').then((module) => ({ default: module.InstallBanner })));
const ModalHost = lazy(() => import('./ModalHost').then((module) => ({ default: module.ModalHost })));

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
  const modal = useStore($modal);
  // Once opened, the modal host stays mounted: closing must still return the focus.
  const [modalUsed, setModalUsed] = useState(false);
  if (modal && !modalUsed) setModalUsed(true);
  const interested = useStore($pushPrompt).interested;
  const installOffered = isInstallOfferDue(pwa, interested);

  const hydrated = useHydrated();

  useEffect(() => {
    if (!isLoggedIn) return;
    let stopPushMessages: (() => void) | null = null;
    let cancelled = false;
    void import('../../stores/push').then((push) => {
      if (cancelled) return;
      void push.startPush();
      stopPushMessages = push.followPushMessages();
    });
    return () => {
      cancelled = true;
      stopPushMessages?.();
    };
  }, [isLoggedIn]);

  useEffect(() => {
    // The prompt memory says whether this session showed interest, which the install offer awaits.
    loadPushPromptMemory();
    startPwa(__AMORA_BUILD_ID__, isLoggedIn);
    const stopActivity = followApiActivity();
    const onUnload = () => startLoading();
    const onVisibility = () => document.visibilityState === 'hidden' && isLoggedIn && notifyPageHidden();
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopActivity();
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('visibilitychange', onVisibility);
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
      {/* Only after hydration: a modal opened by another island before this one hydrated (the "Cannot
          start chat" modal on load) would otherwise not match the server's HTML. */}
      {modalUsed && hydrated && (
        <Suspense fallback={null}>
          <ModalHost closeLabel={t('common.close')} moreLabel={t('shell.read_full_page')} />
        </Suspense>
      )}
      <div className="shell-banners" ref={banners}>
        {isLoggedIn && hydrated && (
          <Suspense fallback={null}>
            <PushPrompt t={t} isLoggedIn={isLoggedIn} pushKey={pushKey} />
          </Suspense>
        )}
        {installOffered && (
          <Suspense fallback={null}>
            <InstallBanner t={t} />
          </Suspense>
        )}
      </div>
    </>
  );
}

import type { TFunction } from 'i18next';
import type { Cam } from '~/shared/contracts/xcams';

interface Props {
  cam: Cam;
  variant: 'live' | 'resell';
  t: TFunction;
}

/**
 * A partner webcam card (docs/product.md §6, §9): the live card opens the performer's
 * room, the resell card the partner's site, both in a new window and marked
 * as sponsored.
 */
export function CamCard({ cam, variant, t }: Props) {
  const href =
    variant === 'live'
      ? `/api/xcams/redirect.php?account=${encodeURIComponent(cam.account)}`
      : '/api/resellpartner.php?flow=profile-search&redirect=1';
  return (
    <li className={`member-card cam-card cam-card-${variant}`} data-testid={`cam-card-${variant}`}>
      <img src={cam.image} alt="" width={240} height={300} loading="lazy" decoding="async" />
      <span className="cam-badge">{variant === 'live' && cam.live ? t('cams.live') : t('cams.sponsored')}</span>
      <a className="member-card-link" href={href} target="_blank" rel="noopener sponsored">
        <span className="member-card-name">
          <span>
            {variant === 'live' ? cam.name : t('cams.resell_title')}
            {variant === 'live' && cam.age !== null && `, ${cam.age}`}
          </span>
        </span>
        <span className="member-card-place">
          {variant === 'live'
            ? cam.viewers !== null
              ? t('cams.watching', { count: cam.viewers })
              : t('cams.watch_now')
            : t('cams.resell_text')}
        </span>
        <span className="cam-cta">{variant === 'live' ? t('cams.watch_now') : t('cams.resell_cta')}</span>
      </a>
    </li>
  );
}

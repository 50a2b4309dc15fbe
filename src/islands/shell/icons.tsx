/** Inline SVG icons (stroke = currentColor) used by the navigation and cards. */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const SearchIcon = () => (
  <svg {...common}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
export const LogoutIcon = () => (
  <svg {...common}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l-5-5 5-5M5 12h11" />
  </svg>
);
export const LoginIcon = () => (
  <svg {...common}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l5-5-5-5M15 12H4" />
  </svg>
);
export const HeartIcon = () => (
  <svg {...common}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </svg>
);
export const UserIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const ChatIcon = () => (
  <svg {...common}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
  </svg>
);
export const BellIcon = () => (
  <svg {...common}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);
export const CameraIcon = () => (
  <svg {...common}>
    <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3z" />
    <circle cx="12" cy="13" r="3" />
  </svg>
);
export const MailIcon = () => (
  <svg {...common}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </svg>
);
/** A coin: the credit balance's icon (top navigation, composer). */
export const CoinIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.8 9.2A3.2 3.2 0 0 0 12 8c-1.7 0-3 1-3 2.2s1.3 1.6 3 1.8 3 .7 3 1.9S13.7 16 12 16a3.3 3.3 0 0 1-2.9-1.3M12 6.5V8M12 16v1.5" />
  </svg>
);
/** Main photo marker (`filled` for the current main photo); premium's mark, filled. */
export const StarIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg {...common} fill={filled ? 'currentColor' : 'none'}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
  </svg>
);
export const ArrowLeftIcon = () => (
  <svg {...common}>
    <path d="M19 12H5M11 18l-6-6 6-6" />
  </svg>
);
export const ArrowRightIcon = () => (
  <svg {...common}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);
export const TrashIcon = () => (
  <svg {...common}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

import Mailcheck from 'mailcheck';

/** Common mail domains of our seven markets, checked for typos (docs/product.md §1, §5). */
export const COMMON_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.it',
  'yahoo.es',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'hotmail.es',
  'hotmail.nl',
  'outlook.com',
  'outlook.de',
  'outlook.fr',
  'live.com',
  'live.nl',
  'live.fr',
  'live.de',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'wanadoo.fr',
  'libero.it',
  'virgilio.it',
  'alice.it',
  'tiscali.it',
  'ziggo.nl',
  'kpnmail.nl',
  'telenet.be',
  'skynet.be',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'interia.pl',
  'op.pl',
  'proton.me',
  'protonmail.com',
  'bluewin.ch',
  'btinternet.com',
  'sky.com',
  'comcast.net',
];
const SECOND_LEVEL = [
  'gmail',
  'yahoo',
  'hotmail',
  'outlook',
  'live',
  'icloud',
  'gmx',
  'web',
  'orange',
  'libero',
  'ziggo',
  'wp',
  'onet',
  'interia',
];
const TOP_LEVEL = [
  'com',
  'net',
  'org',
  'nl',
  'be',
  'de',
  'at',
  'ch',
  'it',
  'fr',
  'es',
  'pl',
  'co.uk',
  'uk',
  'ie',
  'ca',
  'com.au',
  'co.nz',
  'me',
];

// docs/product.md §9: distance threshold 2 on the domain, second-level and top-level domain.
Mailcheck.domainThreshold = 2;
(Mailcheck as unknown as { secondLevelThreshold: number }).secondLevelThreshold = 2;
Mailcheck.topLevelThreshold = 2;

/** The "did you mean …" address for a likely typo, or null (same address or no close domain). */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  if (!trimmed.includes('@')) return null;
  const suggestion = Mailcheck.run({
    email: trimmed,
    domains: COMMON_MAIL_DOMAINS,
    secondLevelDomains: SECOND_LEVEL,
    topLevelDomains: TOP_LEVEL,
  });
  return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
}

import type { ConsoleLocale } from '~/shared/console-i18n';
import { LanderReportSection } from './LanderReportSection';
import { PostbackLogSection } from './PostbackLogSection';

type Option = { value: string; label: string };

/** docs/product.md §13 Affiliates (finance, admins): the lander report by network / lander / variant / day, and the postback log. */
export default function AffiliatesPanel({
  locale,
  sites,
  networks,
}: {
  locale: ConsoleLocale;
  sites: Option[];
  networks: string[];
}) {
  return (
    <>
      <LanderReportSection locale={locale} sites={sites} />
      <PostbackLogSection locale={locale} sites={sites} networks={networks} />
    </>
  );
}
